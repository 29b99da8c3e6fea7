//! `grundy games`: every registered family is listed, in text and JSON.

use crate::common::*;

#[test]
fn text_lists_every_registered_game() {
    let t = ok(&["games"]);
    let regs = grundy_games::registry();
    assert!(!regs.is_empty());
    for r in &regs {
        assert!(t.lines().any(|l| l == r.name), "{} missing", r.name);
        assert!(t.contains(r.rules.as_str()), "{} rules missing", r.name);
        assert!(
            t.contains(&format!("grundy analyze {}", r.name)),
            "{} example missing",
            r.name
        );
        for o in &r.options {
            assert!(
                t.contains(&format!("--{} {}", o.name, o.value)),
                "{} --{}",
                r.name,
                o.name
            );
        }
    }
}

#[test]
fn json_lists_every_registered_game() {
    let v = json(&["games", "--json"]);
    let list = v.as_array().unwrap();
    let regs = grundy_games::registry();
    assert_eq!(list.len(), regs.len());
    for (g, r) in list.iter().zip(&regs) {
        assert_eq!(g["name"], r.name);
        assert_eq!(g["rules"], r.rules);
        assert_eq!(g["syntax"], r.syntax);
        assert_eq!(g["options"].as_array().unwrap().len(), r.options.len());
        assert!(g["example"].as_str().unwrap().starts_with("grundy analyze"));
    }
}
