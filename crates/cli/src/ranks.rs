//! `--mpi`: the ranks a long command is spread over. Built with the `mpi`
//! feature, the MPI binding (rsmpi on the system's MPI): started by
//! `mpirun -np P grundy ... --mpi`, each process is one rank of
//! `MPI_COMM_WORLD`; started alone, it is rank 0 of 1. Without the
//! feature, `--mpi` is refused with the command that builds it.

use crate::error::CliError;
use grundy_api::GameError;
use grundy_engine::ranks::Ranks;
use std::sync::Arc;

/// MPI, started for this command and finished when dropped (every rank
/// must drop it before the process exits).
pub struct Started {
    #[cfg(feature = "mpi")]
    _universe: mpi::environment::Universe,
    ranks: Arc<dyn Ranks>,
}

impl Started {
    /// This process's rank among all.
    pub fn ranks(&self) -> Arc<dyn Ranks> {
        self.ranks.clone()
    }
}

/// Starts MPI when `wanted`; `None` when not.
///
/// Errors: `--mpi` in a build without the `mpi` feature, or MPI that
/// cannot start (exit status 2).
pub fn start(wanted: bool) -> Result<Option<Started>, CliError> {
    if !wanted {
        return Ok(None);
    }
    start_mpi().map(Some)
}

#[cfg(not(feature = "mpi"))]
fn start_mpi() -> Result<Started, CliError> {
    Err(GameError::Input(
        "--mpi: this grundy was built without MPI; build it with `cargo build --release -p grundy-cli --features mpi` (needs Open MPI and libclang) and start it with `mpirun -np P grundy ... --mpi`".into(),
    )
    .into())
}

#[cfg(feature = "mpi")]
fn start_mpi() -> Result<Started, CliError> {
    use mpi::traits::Communicator;
    // Only the thread running the command calls MPI; worker threads
    // compute between the calls.
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
        .ok_or_else(|| GameError::Input("--mpi: MPI is already started in this process".into()))?;
    let world = universe.world();
    let ranks = Arc::new(binding::Mpi {
        rank: usize::try_from(world.rank()).unwrap_or(0),
        size: usize::try_from(world.size()).unwrap_or(1).max(1),
    });
    Ok(Started {
        _universe: universe,
        ranks,
    })
}

#[cfg(feature = "mpi")]
mod binding {
    use grundy_engine::ranks::{Ranks, RanksError};
    use mpi::datatype::{Partition, PartitionMut};
    use mpi::point_to_point::MatchedReceiveVec;
    use mpi::topology::SimpleCommunicator;
    use mpi::traits::{Communicator, CommunicatorCollectives, Destination, Source};
    use mpi::Count;

    /// The ranks of `MPI_COMM_WORLD`. Holds no MPI handle (the world
    /// communicator is named afresh at each call), so it may be shared
    /// between threads; MPI is called only while the `Universe` lives.
    #[derive(Debug)]
    pub struct Mpi {
        pub rank: usize,
        pub size: usize,
    }

    /// `bytes` and one byte more (see [`Mpi::all_gather`]).
    fn padded(bytes: &[u8]) -> Vec<u8> {
        let mut v = Vec::with_capacity(bytes.len() + 1);
        v.extend_from_slice(bytes);
        v.push(0);
        v
    }

    /// A message as [`Ranks::receive`] gives it: sender, tag, and the
    /// bytes without the byte [`padded`] added.
    fn received(
        mut bytes: Vec<u8>,
        status: &mpi::point_to_point::Status,
    ) -> Result<(usize, u16, Vec<u8>), RanksError> {
        bytes.pop();
        let from = usize::try_from(status.source_rank())
            .map_err(|_| RanksError("a message from no rank".into()))?;
        let tag = u16::try_from(status.tag())
            .map_err(|_| RanksError(format!("a message tagged {}", status.tag())))?;
        Ok((from, tag, bytes))
    }

    fn count(n: usize) -> Result<Count, RanksError> {
        Count::try_from(n).map_err(|_| {
            RanksError(format!(
                "a message of {n} bytes is past MPI's {} a call",
                Count::MAX
            ))
        })
    }

    impl Ranks for Mpi {
        fn rank(&self) -> usize {
            self.rank
        }

        fn size(&self) -> usize {
            self.size
        }

        fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, RanksError> {
            let world = SimpleCommunicator::world();
            // Never an empty buffer: its dangling address (1) is Open MPI's
            // MPI_IN_PLACE. Each message carries one byte more, dropped.
            let mine = padded(mine);
            // The lengths as 64-bit numbers first, so that every rank sees
            // a message too large for one call and all fail together.
            let n = mine.len() as u64;
            let mut lengths: Vec<u64> = vec![0; self.size];
            world.all_gather_into(&n, &mut lengths[..]);
            let total: u64 = lengths.iter().sum();
            if total > Count::MAX as u64 {
                return Err(RanksError(format!(
                    "the ranks' messages take {total} bytes, past MPI's {} a call",
                    Count::MAX
                )));
            }
            let counts: Vec<Count> = lengths.iter().map(|&l| l as Count).collect();
            let mut displs: Vec<Count> = Vec::with_capacity(self.size);
            let mut total = 0usize;
            for &c in &counts {
                displs.push(total as Count);
                total += c as usize;
            }
            let mut buf = vec![0u8; total];
            {
                let mut part = PartitionMut::new(&mut buf[..], &counts[..], &displs[..]);
                world.all_gather_varcount_into(&mine[..], &mut part);
            }
            let mut all = Vec::with_capacity(self.size);
            let mut at = 0;
            for &c in &counts {
                let c = usize::try_from(c).unwrap_or(0);
                all.push(buf[at..(at + c).saturating_sub(1).max(at)].to_vec());
                at += c;
            }
            Ok(all)
        }

        /// MPI_Alltoallv: the lengths first (by MPI_Alltoall), then the
        /// buffers, each to its rank alone.
        fn all_to_all(&self, outgoing: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, RanksError> {
            if outgoing.len() != self.size {
                return Err(RanksError(format!(
                    "{} buffers for {} ranks",
                    outgoing.len(),
                    self.size
                )));
            }
            let world = SimpleCommunicator::world();
            // Each buffer one byte longer (never an empty buffer, see
            // all_gather), the byte dropped on arrival.
            let sent: Vec<u64> = outgoing.iter().map(|b| b.len() as u64 + 1).collect();
            let mut lengths: Vec<u64> = vec![0; self.size];
            world.all_to_all_into(&sent[..], &mut lengths[..]);
            // Every rank learns whether any rank's buffers are past one
            // call, so that all fail together.
            let fits = |l: &[u64]| l.iter().sum::<u64>() <= Count::MAX as u64;
            let too_large = !fits(&sent) || !fits(&lengths);
            if self.any(too_large)? {
                return Err(RanksError(format!(
                    "the ranks' messages take more than MPI's {} bytes a call",
                    Count::MAX
                )));
            }
            let displs = |l: &[Count]| {
                let mut at = 0;
                l.iter()
                    .map(|&c| {
                        let d = at;
                        at += c;
                        d
                    })
                    .collect::<Vec<Count>>()
            };
            let send_counts: Vec<Count> = sent.iter().map(|&l| l as Count).collect();
            let recv_counts: Vec<Count> = lengths.iter().map(|&l| l as Count).collect();
            let mut send = Vec::with_capacity(sent.iter().sum::<u64>() as usize);
            for b in outgoing {
                send.extend_from_slice(b);
                send.push(0);
            }
            let mut recv = vec![0u8; lengths.iter().sum::<u64>() as usize];
            {
                let send_displs = displs(&send_counts);
                let recv_displs = displs(&recv_counts);
                let from = Partition::new(&send[..], &send_counts[..], &send_displs[..]);
                let mut into = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
                world.all_to_all_varcount_into(&from, &mut into);
            }
            let mut all = Vec::with_capacity(self.size);
            let mut at = 0;
            for &l in &lengths {
                let l = l as usize;
                all.push(recv[at..at + l - 1].to_vec());
                at += l;
            }
            Ok(all)
        }

        fn send(&self, to: usize, tag: u16, bytes: &[u8]) -> Result<(), RanksError> {
            let to = Count::try_from(to)
                .ok()
                .filter(|&t| (t as usize) < self.size)
                .ok_or_else(|| RanksError(format!("no rank {to}")))?;
            let bytes = padded(bytes);
            count(bytes.len())?;
            SimpleCommunicator::world()
                .process_at_rank(to)
                .send_with_tag(&bytes[..], Count::from(tag));
            Ok(())
        }

        fn receive(&self) -> Result<(usize, u16, Vec<u8>), RanksError> {
            let (bytes, status) = SimpleCommunicator::world()
                .any_process()
                .receive_vec::<u8>();
            received(bytes, &status)
        }

        fn try_receive(&self) -> Result<Option<(usize, u16, Vec<u8>)>, RanksError> {
            let world = SimpleCommunicator::world();
            let Some(probed) = world.any_process().immediate_matched_probe() else {
                return Ok(None);
            };
            let (bytes, status) = probed.matched_receive_vec::<u8>();
            received(bytes, &status).map(Some)
        }
    }
}
