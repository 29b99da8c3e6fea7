//! `analyze --explain` (issue 11 item 1): golden explanations for nim,
//! an octal sum, Treblecross and misère nim, the `explanation` field of
//! `--json`, and where a value from a proven period says so.

use crate::common::*;

/// The `why:` section of `grundy analyze args... --explain`, to the end.
fn why(args: &[&str]) -> String {
    let mut a = vec!["analyze"];
    a.extend_from_slice(args);
    a.push("--explain");
    let text = ok(&a);
    text[text.find("why:\n").expect("a why: section")..].to_string()
}

/// The first lines of the `why:` of nim `x 4 5` whose nim-sum is `sum`:
/// the heaps, their nim-sum in binary, Bouton's theorem.
fn why_nim_x_4_5(x: u32, sum: u32) -> String {
    format!(
        "why:\n\
\x20 The position is a sum of 3 independent components:\n\
\x20   {x}  value {x}: a nim heap of {x} is worth {x}\n\
\x20   4  value 4: a nim heap of 4 is worth 4\n\
\x20   5  value 5: a nim heap of 5 is worth 5\n\
\x20 Their nim-sum (exclusive or of the values in binary):\n\
\x20       {x:03b}  ({x})\n\
\x20       100  (4)\n\
\x20   xor 101  (5)\n\
\x20   =   {sum:03b}  ({sum})\n\
\x20 Theory: Bouton's theorem: P iff the XOR of the heaps is 0.\n"
    )
}

#[test]
fn nim_345() {
    assert_eq!(
        why(&["nim", "3", "4", "5"]),
        why_nim_x_4_5(3, 2)
            + "\
\x20 The value 2 is not 0, so the player to move wins (N): a winning move changes one component so that the nim-sum becomes 0.\n\
\x20 Winning moves:\n\
\x20   heap 1: 3 -> 1  leaves 1 4 5: value 0: 1 xor 4 xor 5 = 0; the opponent loses\n\
"
    );
}

#[test]
fn nim_145_lost() {
    assert_eq!(
        why(&["nim", "1", "4", "5"]),
        why_nim_x_4_5(1, 0)
            + "\
\x20 The value is 0, so the player to move loses (P): a move changes exactly one component's value, which makes the nim-sum non-zero, and from there the opponent moves back to 0.\n\
\x20 Every move fails:\n\
\x20   heap 1: 1 -> 0  leaves 0 4 5: value 1: 4 xor 5 = 1; the opponent wins\n\
\x20   heap 2: 4 -> 0  leaves 1 0 5: value 4: 1 xor 5 = 4; the opponent wins\n\
\x20   heap 2: 4 -> 1  leaves 1 1 5: value 5: 1 xor 1 xor 5 = 5; the opponent wins\n\
\x20   heap 2: 4 -> 2  leaves 1 2 5: value 6: 1 xor 2 xor 5 = 6; the opponent wins\n\
\x20   heap 2: 4 -> 3  leaves 1 3 5: value 7: 1 xor 3 xor 5 = 7; the opponent wins\n\
\x20   ... and 5 more moves, each leaving a won position for the opponent\n\
"
    );
}

#[test]
fn octal_0137_sum() {
    assert_eq!(
        why(&["octal", "--code", "0.137", "5", "7"]),
        "why:\n\
\x20 The position is a sum of 2 independent components:\n\
\x20   5  value 3: the value table of octal 0.137\n\
\x20   7  value 1: the value table of octal 0.137\n\
\x20 Their nim-sum (exclusive or of the values in binary):\n\
\x20       11  (3)\n\
\x20   xor 01  (1)\n\
\x20   =   10  (2)\n\
\x20 Theory: Sprague-Grundy theorem over the value table of octal 0.137.\n\
\x20 The value 2 is not 0, so the player to move wins (N): a winning move changes one component so that the nim-sum becomes 0.\n\
\x20 Winning moves:\n\
\x20   heap 1: take 3 from 5, leaving 2      leaves 2 7: value 0: 1 xor 1 = 0; the opponent loses\n\
\x20   heap 2: take 2 from 7, leaving 5      leaves 5 5: value 0: 3 xor 3 = 0; the opponent loses\n\
\x20   heap 2: take 3 from 7, leaving 1 + 3  leaves 5 1 3: value 0: 3 xor 1 xor 2 = 0; the opponent loses\n\
"
    );
}

#[test]
fn treblecross() {
    assert_eq!(
        why(&["treblecross", ".X.........X."]),
        "why:\n\
\x20 The position plays as one component, X.........X, of value 2: an X within two cells of another loses at once, so only the safe cells count: a safe run of 5 cells plays as a 0.007 heap of 7, by the value table of octal 0.007.\n\
\x20 Theory: safe runs as 0.007 heaps (an X within two cells of another loses at once).\n\
\x20 The value 2 is not 0, so the player to move wins (N): a winning move changes one component so that the nim-sum becomes 0.\n\
\x20 Winning moves:\n\
\x20   X at 7  leaves .X....X....X.: value 0; the opponent loses\n\
"
    );
}

#[test]
fn misere_nim() {
    assert_eq!(
        why(&["nim", "1", "1", "2", "--misere"]),
        "why:\n\
\x20 The position is a sum of 3 independent components:\n\
\x20   1\n\
\x20   1\n\
\x20   2\n\
\x20 Theory: misère nim theorem: P iff (some heap > 1 and XOR = 0) or (all heaps <= 1 and XOR = 1).\n\
\x20 In misère play the last player to move loses, so values do not add as in normal play; the player to move wins (N) by moving to a position the opponent loses in misère play.\n\
\x20 Winning moves:\n\
\x20   heap 3: 2 -> 1  leaves 1 1 1: P in misère play; the opponent loses\n\
"
    );
}

#[test]
fn the_explanation_is_a_json_field() {
    let doc = json(&["analyze", "nim", "3", "4", "5", "--explain", "--json"]);
    let e = &doc["explanation"];
    assert_eq!(
        e["nim_sum"]["terms"],
        serde_json::json!(["011", "100", "101"])
    );
    assert_eq!(e["nim_sum"]["sum"], "010");
    assert_eq!(e["nim_sum"]["value"], 2);
    assert_eq!(e["components"][0]["source"], "a nim heap of 3 is worth 3");
    assert_eq!(e["moves"][0]["to"], "1 4 5");
    assert_eq!(e["moves"][0]["value"], 0);
    assert_eq!(
        e["moves"][0]["component_values"],
        serde_json::json!([1, 4, 5])
    );
    assert!(e["text"].as_array().unwrap().len() > 5);
    // Without --explain the document is unchanged.
    let plain = json(&["analyze", "nim", "3", "4", "5", "--json"]);
    assert!(plain.get("explanation").is_none());
    let mut trimmed = doc.clone();
    trimmed.as_object_mut().unwrap().remove("explanation");
    assert_eq!(trimmed, plain);
}

#[test]
fn a_value_from_a_proven_period_names_it() {
    let text = ok(&[
        "analyze",
        "kayles",
        "1000000000000",
        "--outcome-only",
        "--explain",
    ]);
    assert!(
        text.contains("the proven period of octal 0.77 (pre-period 71, period 12): heap 1000000000000 is worth what heap 76 is"),
        "{text}"
    );
}

#[test]
fn a_finished_game_and_a_search_are_explained() {
    let text = ok(&["analyze", "nim", "0", "0", "--explain"]);
    assert!(
        text.contains("The game is over: the player to move has no move and so loses (P)."),
        "{text}"
    );
    let text = ok(&["analyze", "game31", "321", "--explain"]);
    assert!(text.contains("search of its game tree"), "{text}");
    assert_input_error(&grundy(&["batch", "nim", "--explain"]), "--explain");
}

#[test]
fn a_treblecross_row_without_a_safe_cell_is_not_over() {
    // Every cell is within two of an X: eight moves, each losing at once.
    let w = why(&["treblecross", "..X....X.."]);
    assert!(!w.contains("The game is over"), "{w}");
    assert!(w.contains("Every move fails:"), "{w}");
    assert!(
        w.contains("X at 1  leaves X.X....X..: value 1; the opponent wins"),
        "{w}"
    );
    assert!(w.contains("... and 3 more moves"), "{w}");
}

#[test]
fn a_drawn_sum_says_no_move_wins_in_normal_play_words() {
    // a <-> b with an exit b -> c, c <-> d: both tokens can shuttle.
    let w = why(&["graph", "--edges", "a-b,b-a,b-c,c-d,d-c", "a,c"]);
    assert!(w.contains("No move wins; each move leaves:"), "{w}");
    assert!(
        w.contains("a -> b  leaves b,c: outcome D, no finite value; a draw"),
        "{w}"
    );
    assert!(!w.contains("misère"), "{w}");
}

/// An infinite component is explained: its loopy value and what it does
/// to a sum (it used to be listed with no reason at all).
#[test]
fn an_infinite_component_has_its_loopy_value_and_meaning() {
    let o = ok(&[
        "analyze",
        "graph",
        "--edges",
        "a-b,b-a,c-d",
        "c",
        "a",
        "--explain",
    ]);
    assert!(
        o.contains("    a  loopy value ∞{}, infinite (Smith's generalized Sprague-Grundy value): play in this component can go on for ever"),
        "{o}"
    );
    assert!(o.contains("In a sum it makes a draw, unless"), "{o}");
    let j = analyze_json(&["graph", "--edges", "a-b,b-a,c-d", "c", "a", "--explain"]);
    let comps = j["explanation"]["components"].as_array().unwrap();
    let a = comps.iter().find(|c| c["position"] == "a").unwrap();
    assert!(
        a["source"].as_str().unwrap().starts_with("loopy value ∞{}"),
        "{a}"
    );
}
