//! `grundy seq`: value sequences of one-heap families, text and JSON.

use crate::common::*;

fn values(args: &[&str]) -> Vec<u64> {
    let mut a = vec!["seq"];
    a.extend_from_slice(args);
    a.push("--json");
    let doc = json(&a);
    let n = doc["n"].as_u64().unwrap();
    let v: Vec<u64> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(v.len() as u64, n + 1, "-n N gives N+1 values");
    v
}

/// A new directory `grundy-seq-WHAT-PID` in the temporary directory, for
/// the files one test writes.
fn scratch(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-seq-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn grundy_game_first_values() {
    assert_eq!(
        values(&["grundy-game", "-n", "20"]),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
}

#[test]
fn octal_0007_first_values() {
    assert_eq!(
        values(&["octal", "-n", "19", "--code", "0.007"]),
        [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2]
    );
}

#[test]
fn json_document_fields() {
    let doc = json(&["seq", "kayles", "-n", "5", "--json"]);
    let obj = doc.as_object().unwrap();
    for k in ["game", "n", "values", "period"] {
        assert!(obj.contains_key(k), "{k} missing: {doc}");
    }
    assert_eq!(doc["n"], 5);
    assert_eq!(doc["values"], serde_json::json!([0, 1, 2, 3, 1, 4]));
}

#[test]
fn text_is_wrapped_with_heap_indices() {
    let t = ok(&["seq", "kayles", "-n", "25"]);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[0], "kayles (octal 0.77): values of heaps 0..=25");
    assert_eq!(lines[1], " 0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2");
    assert_eq!(lines[2], "20: 1 4 6 7 4 1");
    assert!(
        lines[3].starts_with("period ") || lines[3].starts_with("no period found"),
        "{}",
        lines[3]
    );
    assert_eq!(lines.len(), 4);
}

#[test]
fn seq_options_anywhere_and_errors() {
    let a = values(&["octal", "--code", "0.137", "-n", "30"]);
    let b = values(&["-n", "30", "octal", "--code", "0.137"].map(|s| s)[..]);
    assert_eq!(a, b);
    assert_input_error(&grundy(&["seq", "octal", "--code", "0.137"]), "-n");
    assert_input_error(&grundy(&["seq", "octal", "-n", "5"]), "--code");
    assert_input_error(&grundy(&["seq", "kayles", "-n", "5", "--misere"]), "misere");
    assert_input_error(&grundy(&["seq", "kayles", "-n", "-5"]), "negative");
}

fn period(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["seq"];
    a.extend_from_slice(args);
    a.push("--json");
    json(&a)["period"].clone()
}

#[test]
fn documented_periods() {
    assert_eq!(
        period(&["kayles", "-n", "300"]),
        serde_json::json!({"preperiod": 71, "period": 12, "proven": true})
    );
    let t = ok(&["seq", "kayles", "-n", "300"]);
    assert_eq!(
        t.lines().last().unwrap(),
        "period 12, pre-period 71 (proven)"
    );
    let p = period(&["octal", "--code", "0.137", "-n", "400"]);
    assert_eq!(p["period"], 34);
    assert_eq!(p["proven"], true);
    let p = period(&["subtraction", "--set", "1,3,4", "-n", "60"]);
    assert_eq!(
        p,
        serde_json::json!({"preperiod": 0, "period": 7, "proven": true})
    );
}

/// `game` names the game as typed, the code has a field of its own, and a
/// period found past N says how far the values were computed (issue 10).
#[test]
fn game_is_named_as_typed_and_the_code_apart() {
    let doc = json(&["seq", "kayles", "-n", "5", "--json"]);
    assert_eq!(doc["game"], "kayles");
    assert_eq!(doc["code"], "0.77");
    assert_eq!(doc["period"]["preperiod"], 71);
    assert!(doc["computed_to"].as_u64().unwrap() >= 71 + 2 * 12);
    let doc = json(&["seq", "subtraction", "--set", "7,2,5", "-n", "5", "--json"]);
    assert_eq!(doc["game"], "subtraction 2,5,7");
    assert_eq!(doc["code"], "0.0300303");
    let doc = json(&["seq", "octal", "--code", "0.137", "-n", "100", "--json"]);
    assert_eq!(doc["game"], "octal 0.137");
    assert_eq!(doc["code"], "0.137");
    let doc = json(&["seq", "nim", "-n", "5", "--json"]);
    assert_eq!(doc["game"], "nim");
    assert!(doc.get("code").is_none());
    assert_eq!(doc["computed_to"], 5);
    let doc = json(&["analyze", "kayles", "4", "7", "--json"]);
    assert_eq!(doc["game"], "kayles");
}

/// An observed period needs three full periods and a tail a tenth as long
/// as its pre-period: octal 0.16 to 10^5 shows none (it reported "period
/// 3, pre-period 99988" from a dozen values).
#[test]
fn no_period_is_observed_from_a_dozen_values() {
    let doc = json(&["seq", "octal", "--code", "0.16", "-n", "100000", "--json"]);
    assert!(doc["period"].is_null(), "{}", doc["period"]);
}

#[test]
fn summary_of_kayles() {
    let out = grundy(&["seq", "kayles", "-n", "100", "--summary"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "kayles (octal 0.77): summary of heaps 0..=100
period 12, pre-period 71 (proven)
largest value 8, first at heap 27
9 distinct values; heaps per value:
  1: 25, 2: 22, 4: 19, 7: 14, 8: 11, 3: 4, 6: 4, 0: 1
  5: 1
"
    );
    // The JSON counts agree with the values themselves.
    let doc = json(&["seq", "kayles", "-n", "300", "--summary", "--json"]);
    let v = values(&["kayles", "-n", "300"]);
    for (value, count) in doc["counts"].as_object().unwrap() {
        let value: u64 = value.parse().unwrap();
        let want = v.iter().filter(|&&x| x == value).count() as u64;
        assert_eq!(count.as_u64(), Some(want), "value {value}");
    }
    let largest = *v.iter().max().unwrap();
    assert_eq!(doc["largest"].as_u64(), Some(largest));
    let at = v.iter().position(|&x| x == largest).unwrap() as u64;
    assert_eq!(doc["largest_at"].as_u64(), Some(at));
    assert!(doc.get("values").is_none());
}

/// A binary values file read by hand: the header's fields and the values.
fn read_bin(path: &std::path::Path) -> (u32, u32, Vec<u64>) {
    let b = std::fs::read(path).unwrap();
    assert_eq!(&b[..8], b"GRUNDYSQ");
    let version = u32::from_le_bytes(b[8..12].try_into().unwrap());
    let width = u32::from_le_bytes(b[12..16].try_into().unwrap());
    let count = u64::from_le_bytes(b[16..24].try_into().unwrap()) as usize;
    let long = |at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap());
    if version == 2 {
        // A byte a value, then the words of bit 8, then the values of 511
        // or more with their heaps.
        assert_eq!(width, 1);
        let (planes, wide) = (long(24) as usize, long(32) as usize);
        assert_eq!(b.len(), 40 + count + 8 * planes + 10 * wide);
        let mut values: Vec<u64> = b[40..40 + count].iter().map(|&x| u64::from(x)).collect();
        for (k, v) in values.iter_mut().enumerate().take(64 * planes) {
            *v |= (long(40 + count + 8 * (k / 64)) >> (k % 64) & 1) << 8;
        }
        for e in 0..wide {
            let at = 40 + count + 8 * planes + 10 * e;
            let v = u16::from_le_bytes([b[at + 8], b[at + 9]]);
            values[long(at) as usize] = u64::from(v);
        }
        return (version, width, values);
    }
    assert_eq!(b.len(), 24 + count * width as usize);
    let values = b[24..]
        .chunks_exact(width as usize)
        .map(|c| {
            let mut x = [0u8; 8];
            x[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(x)
        })
        .collect();
    (version, width, values)
}

#[test]
fn binary_values_files_take_a_byte_a_value() {
    let dir = scratch("bin");
    let path = dir.join("v.bin");
    let p = path.to_str().unwrap();
    let o = grundy(&[
        "seq", "octal", "--code", "0.137", "-n", "5000", "--values", p,
    ]);
    assert_eq!(o.status.code(), Some(0));
    let (version, width, written) = read_bin(&path);
    assert_eq!((version, width), (2, 1));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 40 + 5001);
    assert_eq!(written, values(&["octal", "--code", "0.137", "-n", "5000"]));
    // Officers (0.6): values of 256 and more, with bit 8 in its plane.
    let officers = ["seq", "octal", "--code", "0.6", "-n", "200000"];
    let o = grundy(&[&officers[..], &["--values", p]].concat());
    assert_eq!(o.status.code(), Some(0));
    let (version, _, written) = read_bin(&path);
    assert_eq!(version, 2);
    assert!(written.iter().any(|&v| v >= 256));
    let text = values_to_stdout(&[&officers[..], &["--values", "-"]].concat());
    let want: Vec<u64> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(written, want);
    // Nim's values pass 65535: eight bytes each (version 1).
    let o = grundy(&["seq", "nim", "-n", "70000", "--values", p]);
    assert_eq!(o.status.code(), Some(0));
    let (version, width, written) = read_bin(&path);
    assert_eq!((version, width), (1, 8));
    assert_eq!(written, (0..=70000).collect::<Vec<u64>>());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn values_go_to_a_file_whole_or_not_at_all() {
    let dir = scratch("values");
    let path = dir.join("v.txt");
    let p = path.to_str().unwrap();
    let doc = json(&[
        "seq", "octal", "--code", "0.137", "-n", "5000", "--values", p, "--json",
    ]);
    assert_eq!(doc["values_file"], p);
    let written: Vec<u64> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(written, values(&["octal", "--code", "0.137", "-n", "5000"]));
    // A path that cannot be written fails before any computation, exit 2.
    assert_status_2_naming(
        &[
            "seq",
            "kayles",
            "-n",
            "10",
            "--values",
            "/no/such/dir/v.txt",
        ],
        "--values /no/such/dir/v.txt: cannot write",
    );
    // A computation that fails (time limit) leaves no file behind.
    let late = dir.join("late.txt");
    let o = grundy(&words(
        "seq octal --code 0.6 -n 100000000 --time-limit 0.2 --values",
        &[late.to_str().unwrap()],
    ));
    assert_eq!(o.status.code(), Some(2));
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "v.txt")
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A write that fails half way (here the file-size limit, which stands in
/// for a full disk: the same failed `write`) is an error naming the file,
/// exit 2, and leaves no file behind.
#[cfg(unix)]
#[test]
fn a_failed_write_leaves_nothing() {
    let dir = scratch("full");
    let path = dir.join("v.txt");
    // SIGXFSZ ignored (inherited through exec), so the write fails with
    // EFBIG instead of the signal ending the process.
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 8; exec \"$0\" seq kayles -n 100000 --values \"$1\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("--values {}: cannot write", path.display())),
        "{err}"
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plots_by_extension_with_the_period_marked() {
    let dir = scratch("plot");
    let svg = dir.join("kayles.svg");
    let out = grundy(&words("seq kayles -n 200 --plot", &[svg.to_str().unwrap()]));
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{}", &text[..60.min(text.len())]);
    assert!(text.contains("kayles: heaps 0..=200, period 12, pre-period 71 (proven)"));
    assert!(text.contains("<title>end of the pre-period: heap 71</title>"));
    assert!(text.contains("<title>one period: heaps 71 to 82</title>"));
    // One dot per heap, with its value, when there are few heaps.
    assert_eq!(text.matches("<circle").count(), 201);
    assert!(text.contains("<title>heap 100: value "), "{text}");
    let png = dir.join("officers.png");
    let out = grundy(&words(
        "seq octal --code 0.6 -n 20000 --plot",
        &[png.to_str().unwrap(), "--summary"],
    ));
    assert_eq!(out.status.code(), Some(0));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // The PNG is the SVG rasterised: 960 by 540 pixels (IHDR).
    assert_eq!(&bytes[16..24], &[0, 0, 3, 192, 0, 0, 2, 28]);
    let dense = dir.join("officers-density.svg");
    let out = grundy(&words(
        "seq octal --code 0.6 -n 20000 --plot",
        &[
            dense.to_str().unwrap(),
            "--plot-style",
            "density",
            "--summary",
        ],
    ));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&dense).unwrap();
    assert!(text.contains("<path class=\"density\""), "{}", &text[..200]);
    assert_status_2_naming(
        &words("seq kayles -n 10 --plot k.svg --plot-style dots", &[]),
        "plot style 'dots' is not known: points or density",
    );
    assert_status_2_naming(
        &["seq", "kayles", "-n", "10", "--plot-style", "density"],
        "--plot-style density draws a plot: give --plot FILE too",
    );
    // A zoom: heaps 150..=200 alone, the caption saying so.
    let zoom = dir.join("zoom.svg");
    let out = grundy(&words(
        "seq kayles -n 200 --plot",
        &[zoom.to_str().unwrap(), "--plot-from", "150"],
    ));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&zoom).unwrap();
    assert!(
        text.contains("kayles: heaps 150..=200, period 12"),
        "{}",
        &text[..300]
    );
    assert_eq!(text.matches("<circle").count(), 51);
    assert!(!text.contains("<title>heap 149: value"));
    assert_status_2_naming(
        &["seq", "kayles", "-n", "10", "--plot-from", "3"],
        "--plot-from 3 draws a plot: give --plot FILE too",
    );
    assert_status_2_naming(
        &words("seq kayles -n 10 --plot k.svg --plot-from 11", &[]),
        "--plot-from: '11' is too large; the largest allowed is 10",
    );
    assert_status_2_naming(
        &["seq", "kayles", "-n", "10", "--plot", "k.pdf"],
        "--plot k.pdf: the file name must end in .svg or .png",
    );
    assert_status_2_naming(
        &["seq", "kayles", "-n", "10", "--plot", "/no/such/dir/k.svg"],
        "--plot /no/such/dir/k.svg: cannot write",
    );
}

#[test]
fn output_files_never_replace_what_is_not_a_plain_file() {
    let dir = scratch("targets");
    let target = dir.join("target.txt");
    std::fs::write(&target, "keep\n").unwrap();
    let link = dir.join("link.txt");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for (option, path, why) in [
        ("--values", "/dev/null", "not a regular file"),
        ("--values", link.to_str().unwrap(), "symbolic link"),
    ] {
        assert_status_2_naming(&["seq", "kayles", "-n", "10", option, path], why);
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep\n");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let same = dir.join("same.svg");
    let same = same.to_str().unwrap();
    assert_status_2_naming(
        &[
            "seq", "kayles", "-n", "10", "--values", same, "--plot", same,
        ],
        "name the same file",
    );
}

/// A plot that cannot be written is refused before the computation with
/// the system's reason as a sentence (it used to be found after it and
/// printed as `ImageError(IoError(Os { code: 2, ... }))`).
#[test]
fn a_plot_write_error_is_a_sentence() {
    for name in ["/proc/grundy-plot.png", "/proc/grundy-plot.svg"] {
        let o = grundy(&["seq", "kayles", "-n", "10", "--plot", name]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{e}");
        assert_eq!(
            e,
            format!("error: --plot {name}: cannot write: No such file or directory (os error 2)\n")
        );
    }
}

/// The summary says what the values file holds: text one value a line, or
/// for a `.bin` file the binary form (it said "one per line" for both).
#[test]
fn the_summary_says_what_a_values_file_holds() {
    let dir = scratch("form");
    let bin = dir.join("v.bin");
    let bin = bin.to_str().unwrap();
    let text = ok(&["seq", "kayles", "-n", "10", "--values", bin]);
    assert!(
        text.ends_with(&format!("values written to {bin} in binary: a byte a value (its low eight bits, then bit 8 of each value and the values of 511 or more when there are such values), heap 0 first (docs/cli.md, Values files)\n")),
        "{text}"
    );
    let txt = dir.join("v.txt");
    let txt = txt.to_str().unwrap();
    let text = ok(&["seq", "kayles", "-n", "10", "--values", txt]);
    assert!(
        text.ends_with(&format!(
            "values written to {txt}, one per line, heap 0 first\n"
        )),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_short_request_of_a_heavy_code_answers_saying_how_far_it_looked() {
    // Found by a hostile-input round: `0.` and 40 `F` digits at `-n 100`
    // ran for minutes with no output, extended silently toward 4,096
    // heaps (each costing about the cube of its size); under
    // --time-limit it ended with the time-limit error although the 101
    // heaps asked for took a fraction of a second. The extension now
    // takes a share of their time and the period line says where it
    // stopped.
    let code = format!("0.{}", "F".repeat(40));
    let o = grundy(&[
        "seq",
        "octal",
        "--code",
        &code,
        "-n",
        "100",
        "--time-limit",
        "20",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("no period found in heaps 0..=")
            && last.ends_with("(computed past 100 to look for one)"),
        "{out}"
    );
    // The JSON says the same: computed past 100, short of 4,096.
    let doc = json(&["seq", "octal", "--code", &code, "-n", "100", "--json"]);
    let to = doc["computed_to"].as_u64().unwrap();
    assert!(to > 100 && to < 4096, "computed_to {to}");
    assert!(doc["period"].is_null());
}

/// A checkpoint and a binary values file written by the build before the
/// one-byte formats (commit c2e0f24: `grundy seq octal --code 0.6 -n
/// 40000 --checkpoint officers-v1.seq --values officers-v1.bin`, two bytes
/// a value, kept in tests/fixtures) are still read: the checkpoint
/// resumes to the values computed now and is then saved at a byte a heap,
/// and the values file reads back as those values.
#[test]
fn files_of_the_two_byte_formats_are_still_read() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let dir = scratch("old-formats");
    let ckpt = dir.join("officers.seq");
    std::fs::copy(fixtures.join("officers-v1.seq"), &ckpt).unwrap();
    let old = std::fs::read(&ckpt).unwrap();
    assert_eq!(old[10..14], 1u32.to_le_bytes(), "a version 1 file");
    let officers = ["seq", "octal", "--code", "0.6", "-n", "50000"];
    let c = ckpt.to_str().unwrap();
    let resumed =
        values_to_stdout(&[&officers[..], &["--checkpoint", c, "--values", "-"]].concat());
    let fresh = values_to_stdout(&[&officers[..], &["--values", "-"]].concat());
    assert_eq!(resumed, fresh);
    let new = std::fs::read(&ckpt).unwrap();
    assert_eq!(new[10..14], 2u32.to_le_bytes(), "saved as version 2");
    // Magic, version, the name's length and the name, then the counts.
    let at = 18 + u32::from_le_bytes(new[14..18].try_into().unwrap()) as usize;
    let long = |i: usize| u64::from_le_bytes(new[i..i + 8].try_into().unwrap());
    let (count, planes, wide) = (long(at), long(at + 8), long(at + 16));
    assert_eq!(count, 50001);
    assert_eq!(
        planes,
        count.div_ceil(64),
        "Officers reaches 256 by heap 50000"
    );
    assert_eq!(wide, 0, "and stays below 511");
    assert_eq!(new.len() as u64, at as u64 + 24 + count + 8 * planes + 8);
    let bin = std::fs::read(fixtures.join("officers-v1.bin")).unwrap();
    assert_eq!(
        bin[8..16],
        [1, 0, 0, 0, 2, 0, 0, 0],
        "version 1, two bytes a value"
    );
    let read = grundy_api::values::read_binary(&bin).unwrap();
    let want: Vec<u64> = fresh
        .lines()
        .take(40001)
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(read, want);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The values `grundy seq ... --values -` writes to standard output (it
/// must succeed; its summary goes to standard error).
fn values_to_stdout(args: &[&str]) -> String {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert!(
        stderr(&o).ends_with("values written to standard output, one per line, heap 0 first\n"),
        "{args:?}: {}",
        stderr(&o)
    );
    stdout(&o)
}
