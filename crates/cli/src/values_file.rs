//! `seq --values FILE`: the values written to a file, heap 0 first: one
//! per line, or in the compact binary form of
//! [`grundy_api::values::write_binary`] when FILE ends in `.bin`. The values go to a temporary file beside FILE, made before the
//! computation starts (so a path that cannot be written fails at once),
//! renamed to FILE only when complete, and removed on any failure: FILE
//! never holds half a sequence.

use crate::cleanup;
use crate::error::CliError;
use grundy_api::values::{self, InTime, SeqValues};
use grundy_api::GameError;
use std::fs::{self, File};
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// An output file of `seq` being made: written at [`Pending::partial`]
/// beside its path, put in place by [`Pending::place`], removed when
/// dropped before that. Shared by `--values` and `--plot`.
pub struct Pending {
    option: &'static str,
    path: PathBuf,
    partial: PathBuf,
}

impl Pending {
    /// The output file `path` of option `option`, its target checked
    /// ([`check_target`]) before anything is written.
    pub fn new(option: &'static str, path: &Path) -> Result<Pending, CliError> {
        check_target(option, path)?;
        cleanup::remove_stale_partials(path);
        let partial = partial_path(path);
        cleanup::remove_on_signal(&partial);
        Ok(Pending {
            option,
            path: path.to_path_buf(),
            partial,
        })
    }

    /// Where the file is written until it is complete.
    pub fn partial(&self) -> &Path {
        &self.partial
    }

    /// The error of this file, naming its option and path.
    pub fn error(&self, e: impl std::fmt::Display) -> CliError {
        cannot(self.option, &self.path, e)
    }

    /// Renames the complete file into place.
    pub fn place(self) -> Result<(), CliError> {
        fs::rename(&self.partial, &self.path).map_err(|e| self.error(e))
    }
}

impl Drop for Pending {
    /// Removes the file unless it was renamed into place.
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.partial);
        cleanup::forget(&self.partial);
    }
}

/// A values file being written.
pub struct ValuesFile {
    out: Pending,
    file: BufWriter<InTime<File>>,
    binary: bool,
}

/// The error of an output file named by `option` (`--values`, `--plot`).
pub fn cannot(option: &str, path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::Game(GameError::Input(format!(
        "{option} {}: cannot write: {e}",
        path.display()
    )))
}

/// Where a file for `path` is written before it is complete: beside it,
/// the process id before the extension (`v.txt` -> `v.partial-42.txt`), so
/// the extension still says the format.
fn partial_path(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_os_string();
    let mut name = stem;
    name.push(format!(".partial-{}", std::process::id()));
    if let Some(ext) = path.extension() {
        name.push(".");
        name.push(ext);
    }
    path.with_file_name(name)
}

/// Refuses, before anything is written, a `path` that exists but is not a
/// plain writable file (a directory, a device such as /dev/null, a symbolic
/// link, a read-only file): the finished file is renamed over `path`, which
/// would replace such a thing instead of writing to it. Shared by every
/// output file of `seq` (`--values`, `--plot`).
pub fn check_target(option: &str, path: &Path) -> Result<(), CliError> {
    if path.file_name().is_none() {
        return Err(cannot(option, path, "no file name"));
    }
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    let kind = meta.file_type();
    let why = if kind.is_dir() {
        "it is a directory"
    } else if kind.is_symlink() {
        "it is a symbolic link (name the file itself)"
    } else if !kind.is_file() {
        "it is not a regular file (a device or a pipe)"
    } else if meta.permissions().readonly() {
        "the file is read-only"
    } else {
        return Ok(());
    };
    Err(cannot(option, path, why))
}

impl ValuesFile {
    /// Opens the temporary file beside `path`.
    ///
    /// Errors (bad input, naming the path): `path` is a directory, or its
    /// directory cannot be written.
    pub fn create(path: &Path) -> Result<ValuesFile, CliError> {
        let out = Pending::new("--values", path)?;
        let file = File::create(out.partial()).map_err(|e| out.error(e))?;
        Ok(ValuesFile {
            out,
            file: BufWriter::with_capacity(1 << 16, InTime(file)),
            binary: values::is_binary_name(&path.to_string_lossy()),
        })
    }

    /// Writes `values` (text, or binary for a `.bin` file) and puts the
    /// file in place.
    ///
    /// Errors (bad input, naming the path): a failed write (a full disk),
    /// flush or rename; the temporary file is removed.
    pub fn finish(self, values: &SeqValues) -> Result<(), CliError> {
        let ValuesFile {
            out,
            mut file,
            binary,
        } = self;
        let written = if binary {
            values::write_binary(&mut file, values)
        } else {
            values::write_text(&mut file, values)
        };
        written
            .and_then(|()| file.into_inner().map_err(|e| e.into_error()))
            .and_then(|f| f.0.sync_all())
            .map_err(|e| {
                values::stopped_in_time(&e).map_or_else(|| out.error(e), CliError::Game)
            })?;
        out.place()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-values-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn the_file_appears_only_when_complete() {
        let path = scratch("ok.txt");
        let f = ValuesFile::create(&path).unwrap();
        assert!(!path.exists());
        f.finish(&SeqValues::from_u64(vec![0, 1, 12])).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "0\n1\n12\n");
        let bin = scratch("ok.bin");
        ValuesFile::create(&bin)
            .unwrap()
            .finish(&SeqValues::from_u64(vec![0, 1, 12]))
            .unwrap();
        let back = values::read_binary(&fs::read(&bin).unwrap()).unwrap();
        assert_eq!(
            (back.width(), back),
            (2, SeqValues::from_u64(vec![0, 1, 12]))
        );
        let dir = path.parent().unwrap();
        let left: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("partial"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn an_abandoned_file_leaves_nothing() {
        let path = scratch("abandoned.txt");
        let f = ValuesFile::create(&path).unwrap();
        let partial = f.out.partial().to_path_buf();
        assert!(partial.exists());
        drop(f);
        assert!(!partial.exists() && !path.exists());
    }

    #[test]
    fn unwritable_paths_are_named() {
        let dir = scratch("d");
        fs::create_dir_all(&dir).unwrap();
        let e = ValuesFile::create(&dir).err().unwrap().to_string();
        assert!(e.contains("directory"), "{e}");
        let e = ValuesFile::create(Path::new("/no/such/dir/v.txt"))
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("/no/such/dir/v.txt") && e.contains("cannot write"),
            "{e}"
        );
    }
}
