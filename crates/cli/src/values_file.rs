//! `seq --values FILE`: the values written to a file, one per line, heap 0
//! first. The values go to a temporary file beside FILE, made before the
//! computation starts (so a path that cannot be written fails at once),
//! renamed to FILE only when complete, and removed on any failure: FILE
//! never holds half a sequence.

use crate::error::CliError;
use grundy_api::GameError;
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// A values file being written.
pub struct ValuesFile {
    path: PathBuf,
    partial: PathBuf,
    file: Option<BufWriter<File>>,
}

fn cannot(path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::Game(GameError::Input(format!(
        "--values {}: cannot write: {e}",
        path.display()
    )))
}

impl ValuesFile {
    /// Opens the temporary file beside `path`.
    ///
    /// Errors (bad input, naming the path): `path` is a directory, or its
    /// directory cannot be written.
    pub fn create(path: &Path) -> Result<ValuesFile, CliError> {
        if path.is_dir() {
            return Err(cannot(path, "it is a directory"));
        }
        let mut name = path
            .file_name()
            .ok_or_else(|| cannot(path, "no file name"))?
            .to_os_string();
        name.push(format!(".partial-{}", std::process::id()));
        let partial = path.with_file_name(name);
        let file = File::create(&partial).map_err(|e| cannot(path, e))?;
        Ok(ValuesFile {
            path: path.to_path_buf(),
            partial,
            file: Some(BufWriter::new(file)),
        })
    }

    /// Writes `values`, one per line, and puts the file in place.
    ///
    /// Errors (bad input, naming the path): a failed write (a full disk),
    /// flush or rename; the temporary file is removed.
    pub fn finish(mut self, values: &[u64]) -> Result<(), CliError> {
        let mut file = self.file.take().expect("finished once");
        let written = values
            .iter()
            .try_for_each(|v| writeln!(file, "{v}"))
            .and_then(|()| file.into_inner().map_err(|e| e.into_error()))
            .and_then(|f| f.sync_all())
            .and_then(|()| fs::rename(&self.partial, &self.path));
        written.map_err(|e| cannot(&self.path, e))
    }
}

impl Drop for ValuesFile {
    /// Removes the temporary file unless it was renamed into place.
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.partial);
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
        f.finish(&[0, 1, 12]).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "0\n1\n12\n");
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
        let partial = f.partial.clone();
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
