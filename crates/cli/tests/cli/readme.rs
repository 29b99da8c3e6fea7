//! Golden tests: the exact output of every command in README.md's tour
//! (`games` and `play` are covered by their own tests: their output is long
//! or interactive).

use crate::common::{grundy, grundy_stdin};

fn exact(args: &[&str], expected: &str) {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{args:?}");
}

/// `grundy analyze nim 3 4 5`, the tour's first command.
pub(crate) const NIM_3_4_5: &str = r#"nim 3 4 5: first player wins (N), value 2
1 winning move:
  heap 1: 3 -> 1    to: 1 4 5
components:
  3    value 3
  4    value 4
  5    value 5
method: Bouton's theorem: P iff the XOR of the heaps is 0
"#;

#[test]
fn readme_analyze_nim_3_4_5() {
    exact(&["analyze", "nim", "3", "4", "5"], NIM_3_4_5);
}

#[test]
fn readme_analyze_nim_1_1_2_misere() {
    exact(
        &["analyze", "nim", "1", "1", "2", "--misere"],
        r#"nim 1 1 2 (misère play): first player wins (N)
genus 2^20
1 winning move:
  heap 3: 2 -> 1    to: 1 1 1
components:
  1
  1
  2
method: misère nim theorem: P iff (some heap > 1 and XOR = 0) or (all heaps <= 1 and XOR = 1)
"#,
    );
}

#[test]
fn readme_seq_kayles_genus() {
    exact(
        &["seq", "kayles", "-n", "12", "--genus"],
        crate::genus::KAYLES_12_GENUS,
    );
}

#[test]
fn readme_analyze_octal_code_0_137_5_7() {
    exact(
        &["analyze", "octal", "--code", "0.137", "5", "7"],
        r#"octal --code 0.137 5 7: first player wins (N), value 2
3 winning moves:
  heap 1: take 3 from 5, leaving 2        to: 2 7
  heap 2: take 2 from 7, leaving 5        to: 5 5
  heap 2: take 3 from 7, leaving 1 + 3    to: 5 1 3
components:
  5    value 3
  7    value 1
method: Sprague-Grundy theorem over the value table of octal 0.137
"#,
    );
}

#[test]
fn readme_analyze_kayles_4_7() {
    exact(
        &["analyze", "kayles", "4", "7"],
        r#"kayles 4 7: first player wins (N), value 3
2 winning moves:
  heap 1: take 2 from 4, leaving 2        to: 2 7
  heap 2: take 2 from 7, leaving 2 + 3    to: 4 2 3
components:
  4    value 1
  7    value 2
method: Sprague-Grundy theorem over the value table of octal 0.77
"#,
    );
}

#[test]
fn readme_analyze_subtraction_set_1_3_4_10_7() {
    exact(
        &["analyze", "subtraction", "--set", "1,3,4", "10", "7"],
        r#"subtraction --set 1,3,4 10 7: first player wins (N), value 1
3 winning moves:
  heap 1: take 1, 10 -> 9    to: 9 7
  heap 1: take 3, 10 -> 7    to: 7 7
  heap 2: take 4, 7 -> 3     to: 10 3
components:
  10    value 1
  7     value 0
method: Sprague-Grundy theorem over the value table of subtraction 1,3,4
"#,
    );
}

#[test]
fn readme_analyze_grundy_game_7_9() {
    exact(
        &["analyze", "grundy-game", "7", "9"],
        r#"grundy-game 7 9: first player wins (N), value 1
4 winning moves:
  heap 1: split 7 into 1 + 6    to: 1 6 9
  heap 1: split 7 into 3 + 4    to: 3 4 9
  heap 2: split 9 into 2 + 7    to: 7 2 7
  heap 2: split 9 into 3 + 6    to: 7 3 6
components:
  7    value 0
  9    value 1
method: Sprague-Grundy theorem over the value table of grundy-game
"#,
    );
}

#[test]
fn readme_analyze_graph_with_a_cycle() {
    // a -> b -> c -> a, c -> d: d 0, b 0 (its move to c is reversed by
    // c -> d), a 1, c 2.
    exact(
        &["analyze", "graph", "--edges", "a-b,b-c,c-a,c-d", "a,b"],
        r#"graph --edges a-b,b-c,c-a,c-d a,b: first player wins (N), value 1
1 winning move:
  a -> b    to: b,b
components:
  a    value 1
  b    value 0
method: generalized Sprague-Grundy values of the components (Smith's theory); the sum is not searched
"#,
    );
}

#[test]
fn readme_seq_kayles_n_100() {
    exact(
        &["seq", "kayles", "-n", "100"],
        r#"kayles (octal 0.77): values of heaps 0..=100
  0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2
 20: 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3
 40: 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1 4 2 7
 60: 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2
 80: 1 8 2 7 4 1 2 8 1 4 7 2 1 8 2 7 4 1 2 8
100: 1
period 12, pre-period 71 (proven)
"#,
    );
}

#[test]
fn readme_pirates_n_5_m_100() {
    exact(
        &["pirates", "--n", "5", "--m", "100"],
        crate::pirates::FIVE_AND_ONE_HUNDRED,
    );
}

#[test]
fn readme_nim_mul_8_8() {
    exact(
        &["nim", "mul", "8", "8"],
        r#"13
"#,
    );
}

#[test]
fn readme_batch_nim() {
    let out = grundy_stdin(&["batch", "nim"], "3 4 5\n1 2 3\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        r#"{"game":"nim","position":"3 4 5","play":"normal","outcome":"N","value":2,"winning_move_count":1,"winning_moves":[{"move":"heap 1: 3 -> 1","to":"1 4 5"}],"components":[{"position":"3","value":3},{"position":"4","value":4},{"position":"5","value":5}],"method":"Bouton's theorem: P iff the XOR of the heaps is 0"}
{"game":"nim","position":"1 2 3","play":"normal","outcome":"P","value":0,"winning_move_count":0,"winning_moves":[],"components":[{"position":"1","value":1},{"position":"2","value":2},{"position":"3","value":3}],"method":"Bouton's theorem: P iff the XOR of the heaps is 0"}
"#
    );
}

#[test]
fn readme_analyze_nim_json() {
    exact(
        &["analyze", "nim", "3", "4", "5", "--json"],
        r#"{
  "game": "nim",
  "position": "3 4 5",
  "play": "normal",
  "outcome": "N",
  "value": 2,
  "winning_move_count": 1,
  "winning_moves": [
    {
      "move": "heap 1: 3 -> 1",
      "to": "1 4 5"
    }
  ],
  "components": [
    {
      "position": "3",
      "value": 3
    },
    {
      "position": "4",
      "value": 4
    },
    {
      "position": "5",
      "value": 5
    }
  ],
  "method": "Bouton's theorem: P iff the XOR of the heaps is 0"
}
"#,
    );
}

#[test]
fn readme_quotient_kayles() {
    // The README shows the first lines of the text, then "...".
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let start = readme
        .find("$ grundy quotient kayles\n")
        .expect("the README shows `grundy quotient kayles`");
    let shown: Vec<&str> = readme[start..]
        .lines()
        .skip(1)
        .take_while(|l| *l != "...")
        .collect();
    assert!(shown.len() >= 5, "{shown:?}");
    let out = grundy(&["quotient", "kayles"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let printed: Vec<&str> = text.lines().take(shown.len()).collect();
    assert_eq!(printed, shown);
}
