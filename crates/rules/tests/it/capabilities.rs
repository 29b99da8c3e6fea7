//! One contract for every family: each built-in registration, at its own
//! example, and each file of examples/rules, at the position its header
//! analyses, keeps the contract of every capability it declares
//! ([`grundy_api::testing::check_capabilities`]). A family or a file
//! added later is checked without a line here.

use grundy_api::testing::check_capabilities;
use grundy_api::{Capability, GameOptions, Limits};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The `--name value` pairs of an example as options, the rest as the
/// position's words.
fn split_example(example: &str) -> (GameOptions, Vec<&str>) {
    let mut options = GameOptions::default();
    let mut words = Vec::new();
    let mut it = example.split_whitespace();
    while let Some(w) = it.next() {
        match w.strip_prefix("--") {
            Some(name) => options.set(name, it.next().unwrap_or_default()),
            None => words.push(w),
        }
    }
    (options, words)
}

#[test]
fn every_built_in_family_keeps_each_capability_it_declares() {
    let mut seen: BTreeMap<Capability, Vec<String>> = BTreeMap::new();
    let mut explored = Vec::new();
    for reg in grundy_games::registry() {
        let (options, words) = split_example(&reg.example);
        let family = reg
            .build(&options, &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", reg.name));
        let checked = check_capabilities(&family, &words).unwrap_or_else(|e| panic!("{e}"));
        if checked.remoteness_found {
            explored.push(reg.name.clone());
        }
        for c in checked.capabilities {
            seen.entry(c).or_default().push(reg.name.clone());
        }
    }
    // Most examples are small enough to explore whole.
    assert!(
        explored.len() >= 12,
        "remoteness checked only on {explored:?}"
    );
    // Each capability is held by some built-in family, so none of the
    // checks above is vacuous.
    for c in [
        Capability::Sequence,
        Capability::Genus,
        Capability::Quotient,
        Capability::Notation,
        Capability::Remoteness,
        Capability::Ranks,
        Capability::EndReasons,
        Capability::ValueSources,
        Capability::Loopy,
    ] {
        assert!(
            seen.contains_key(&c),
            "no built-in family has {c:?}: {seen:?}"
        );
    }
    // What front ends rely on, by family.
    let has = |c: Capability, name: &str| seen[&c].iter().any(|n| n == name);
    assert!(has(Capability::Notation, "treblecross"));
    assert!(has(Capability::EndReasons, "treblecross"));
    assert!(has(Capability::Quotient, "kayles"));
    assert!(has(Capability::Ranks, "ring"));
    assert!(!has(Capability::Sequence, "ring"));
}

#[test]
fn every_example_rules_file_keeps_each_capability_it_declares() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rhai"))
        .collect();
    files.sort();
    assert!(files.len() >= 7, "{files:?}");
    let mut remoteness = 0;
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // The header's own example: `grundy analyze --rules FILE POSITION`.
        let example = source
            .lines()
            .find_map(|l| l.split(&format!("rules/{name} ")).nth(1))
            .filter(|_| source.contains("grundy analyze --rules"))
            .unwrap_or_else(|| panic!("{name}: no `grundy analyze --rules` line in its header"));
        let words: Vec<&str> = example.split_whitespace().collect();
        let family = grundy_rules::registration(&path)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .build(&GameOptions::default(), &Limits::default())
            .unwrap();
        let checked = check_capabilities(&family, &words).unwrap_or_else(|e| panic!("{e}"));
        // game31's example is a finished game: no move to weigh.
        assert!(
            checked.remoteness_found || name == "game31.rhai",
            "{name}: {example}"
        );
        let caps = checked.capabilities;
        // Every rules file plays by remoteness, as the built-in games do.
        assert!(caps.contains(&Capability::Remoteness), "{name}: {caps:?}");
        remoteness += 1;
        if source.contains("fn heap(") && !source.contains("fn loopy(") {
            for c in [
                Capability::Sequence,
                Capability::Genus,
                Capability::Quotient,
            ] {
                assert!(caps.contains(&c), "{name}: {caps:?}");
            }
        }
        if source.contains("fn loopy(") {
            assert!(caps.contains(&Capability::Ranks), "{name}: {caps:?}");
        }
    }
    assert!(remoteness >= 7);
}
