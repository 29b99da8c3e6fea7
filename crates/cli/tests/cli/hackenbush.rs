//! Green Hackenbush through the command line: the facts of section 8 of
//! the games spec, bad input, and a position of 10^5 edges.

use crate::common::*;

fn analyze(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["hackenbush"];
    a.extend_from_slice(args);
    analyze_json(&a)
}

#[test]
fn colon_and_fusion_principles() {
    // Colon principle: 0-1 with two single edges on top is 1 : (1 + 1) = 1.
    let a = analyze(&["--edges", "0-1 1-2 1-3"]);
    assert_eq!(a["value"], 1);
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["winning_moves"][0]["move"], "remove 0-1");
    assert_eq!(a["winning_moves"][0]["to"], "-");
    // A triangle on the ground: three loops after fusion, value 1.
    assert_eq!(analyze(&["0-1 1-2 2-0"])["value"], 1);
    // Forests are sums: a stalk of 2 and a stalk of 3 on separate graphs.
    let f = analyze(&["--edges", "0-1 1-2 ; 0-1 1-2 2-3"]);
    assert_eq!(f["value"], 1);
    assert_eq!(f["winning_moves"][0]["move"], "graph 2: remove 2-3");
    // Loops and parallel edges are allowed.
    assert_eq!(analyze(&["0-1 1-1 1-1 1-1"])["value"], 2);
    assert_eq!(analyze(&["0-1 0-1"])["value"], 0);
}

#[test]
fn winning_moves_lead_to_p_positions() {
    for pos in [
        "0-1 1-2 1-3 3-4 4-1 0-5 5-6 5-7",
        "0-1 1-2 2-3 3-1 0-4 ; 0-1 1-2",
    ] {
        for misere in [false, true] {
            let mut args = vec![pos];
            if misere {
                args.push("--misere");
            }
            let a = analyze(&args);
            for m in a["winning_moves"].as_array().unwrap() {
                let mut back = vec![m["to"].as_str().unwrap()];
                if misere {
                    back.push("--misere");
                }
                assert_eq!(analyze(&back)["outcome"], "P", "{pos} -> {m}");
            }
        }
    }
}

#[test]
fn misere_forests_exactly() {
    // One branch per ground edge: the Sprague-Grundy-Jiang theorem.
    // Whoever removes the last edge loses: one edge is lost, two are won.
    assert_eq!(analyze(&["0-1", "--misere"])["outcome"], "P");
    let a = analyze(&["0-1 ; 0-1", "--misere"]);
    assert_eq!(a["outcome"], "N");
    assert!(a["method"].as_str().unwrap().contains("Jiang"));
    // A cycle through the ground: the theorem's hypothesis fails, search.
    let b = analyze(&["0-1 1-2 2-0 ; 0-1", "--misere"]);
    assert!(b["method"].as_str().unwrap().contains("search"), "{b}");
}

#[test]
fn bad_input_exits_2_naming_the_problem() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["0-1", "2-3", "3-4"],
            "not connected to the ground (node 0): 2-3 3-4",
        ),
        (&["0-1", "1-b"], "'1-b'"),
        (&["0-1", "7"], "'7'"),
        (&[], "no edges given"),
    ];
    for (args, want) in cases {
        let mut a = vec!["analyze", "hackenbush"];
        a.extend_from_slice(args);
        assert_status_2_naming(&a, want);
    }
}

#[test]
fn a_tree_of_100000_edges() {
    // A caterpillar: a spine of 50000 edges, one leaf on each spine node.
    let mut edges = Vec::new();
    for i in 0..50_000u32 {
        edges.push(format!("{i}-{}", i + 1));
        edges.push(format!("{}-{}", i + 1, 100_000 + i));
    }
    // Too long for one command-line argument: through batch's stdin.
    let text = edges.join(" ") + "\n";
    let o = grundy_stdin(&["batch", "hackenbush"], &text);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let a: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    // The spine is a stalk carrying forks: every leaf edge adds 1 to its
    // node's value, so the top node is 1, and each node below is
    // ((value above) + 1) XOR 1.
    let mut v = 1u64;
    for _ in 0..49_999 {
        v = (v + 1) ^ 1;
    }
    assert_eq!(a["value"], v + 1);
    assert!(a["winning_move_count"].as_u64().unwrap() <= 2);
}

/// `-` stands for an empty graph inside a sum as well as for the empty
/// position: `0-1 ; - ; 0-1` is `0-1 ; ; 0-1` (it used to be refused).
#[test]
fn a_dash_is_an_empty_graph_in_a_sum() {
    let dashed = analyze(&["0-1 ; - ; 0-1"]);
    let empty = analyze(&["0-1 ; ; 0-1"]);
    assert_eq!(dashed, empty);
    assert_eq!(dashed["outcome"], "P");
    assert_eq!(dashed["position"], "0-1 ; 0-1");
    assert_eq!(analyze(&["-"])["outcome"], "P");
    // A dash among edges is still a bad edge.
    assert_status_2_naming(
        &["analyze", "hackenbush", "0-1 - 1-2"],
        "bad edge '-' in graph 1",
    );
}
