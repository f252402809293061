//! `--json` on every command that shows or changes a game: JSON and only
//! JSON on stdout, with the figures the terminal shows.

use serde_json::Value;

use crate::common::Env;

/// Runs `three13 ARGS`, which must succeed and print one JSON document.
fn json(env: &Env, args: &[&str]) -> Value {
    let r = env.ok(args);
    serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("three13 {args:?}: not JSON ({e}): {}", r.stdout))
}

/// A change's JSON: its word, and the session after it, which must be
/// what `table --json` then says.
fn change(env: &Env, args: &[&str], word: &str) -> Value {
    let v = json(env, args);
    assert_eq!(v["change"], word, "{args:?}: {v}");
    assert_eq!(v["session"], env.table_json(&[]), "{args:?}: the session after the change");
    v
}

#[test]
fn a_whole_game_through_every_command_prints_only_json() {
    let env = Env::new();
    let v = change(&env, &["new", "night", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--json"], "new");
    assert_eq!(v["session"]["players"], serde_json::json!(["Ann", "Bob", "Cy"]));
    assert_eq!(
        v["said"][0],
        "Started session night with Ann, Bob and Cy (rules: standard); it is the current session."
    );

    // A round with a sum, a hand and out: what was made of them is said.
    let v = change(&env, &["round", "13+9", "4h 5h 6h", "out", "--json"], "round");
    assert_eq!(v["saved"], true);
    assert_eq!(
        v["said"],
        serde_json::json!([
            "  Ann: 13 + 9 = 22",
            "  Bob: 4h 5h 6h: run 4h 5h 6h; nothing left over; deadwood 0",
            "  Cy: out, 0"
        ])
    );
    assert_eq!(v["session"]["totals"], serde_json::json!({"Ann": 22, "Bob": 0, "Cy": 0}));
    assert_eq!(v["session"]["rounds"][0]["out"], "Cy");
    for _ in 2..=5 {
        change(&env, &["round", "5", "0", "7", "--json"], "round");
    }
    let v = change(&env, &["edit", "2", "Ann", "9", "--json"], "edit");
    assert_eq!(v["said"], serde_json::json!(["Round 2: Ann's deadwood 5 is now 9."]));
    let v = change(&env, &["edit", "2", "Ann", "9", "--json"], "edit");
    assert_eq!(
        (v["saved"].clone(), v["said"].clone()),
        (Value::Bool(false), serde_json::json!(["Round 2: nothing changed."]))
    );
    let v = change(&env, &["undo", "--yes", "--json"], "undo");
    assert_eq!(
        v["said"],
        serde_json::json!([
            "Took back the correction of round 2:",
            "  Round 2: Ann's deadwood is 5 again (was 9)."
        ])
    );
    let v = change(&env, &["undo", "--yes", "--json"], "undo");
    assert_eq!(v["said"][0], "Removed round 5 (Ann 5, Bob 0, Cy 7).");
    assert_eq!(v["session"]["rounds"].as_array().unwrap().len(), 4);
    let v = change(&env, &["player", "add", "Dee", "--json"], "player-add");
    assert_eq!(
        v["said"][0],
        "Dee joins night at seat 4 from round 5, starting from 37, the highest total after round 4."
    );
    change(&env, &["player", "rename", "Dee", "Dora", "--json"], "player-rename");
    let v = change(&env, &["rules", "--set", "face_cards=ten", "--save", "--json"], "rules");
    assert_eq!(
        v["said"][0],
        "Saved the rules of night: standard; from round 5: face_cards=ten (before: standard)."
    );
    assert_eq!(v["said"][1], "Rounds 1 to 4 keep the rules they were played under.");
    assert_eq!(v["session"]["rules_summary"], "standard; from round 5: face_cards=ten");
    let v = change(&env, &["rules", "--set", "face_cards=ten", "--save", "--json"], "rules");
    assert_eq!(v["saved"], false);
    for _ in 5..=11 {
        change(&env, &["round", "5", "0", "7", "3", "--json"], "round");
    }
    let v = change(&env, &["player", "remove", "Dora", "--yes", "--json"], "player-remove");
    assert_eq!(v["said"][0], "Dora left night after round 11: their rounds stay, and the deal skips them.");

    // Every view.
    let table = json(&env, &["table", "--json"]);
    assert_eq!(table["finished"], true);
    let show = json(&env, &["show", "1", "--json"]);
    assert!(show.is_object(), "{show}");
    let chart = json(&env, &["chart", "--json"]);
    assert!(chart.is_object(), "{chart}");
    let sessions = json(&env, &["sessions", "--json"]);
    assert_eq!(sessions[0]["name"], "night");
    let stats = json(&env, &["stats", "--json"]);
    assert!(!stats.is_null());
    json(&env, &["stats", "Ann", "--json"]);
    json(&env, &["stats", "--versus", "Ann", "Bob", "--json"]);
    json(&env, &["rules", "--json"]);
    json(&env, &["check", "3h 4h 5h", "--json"]);
    assert_eq!(json(&env, &["export", "--format", "json"]), table);
    let path = json(&env, &["path", "--json"]);
    assert_eq!(path["session"], env.session_file("night").to_string_lossy().as_ref());

    // Off to another game and back, then away with it.
    change(&env, &["new", "other", "-p", "Ann", "-p", "Bob", "--json"], "new");
    let v = change(&env, &["use", "night", "--json"], "use");
    assert_eq!(v["said"][0], "Now using session night.");
    let v = json(&env, &["delete", "other", "--yes", "--json"]);
    assert_eq!(v, serde_json::json!({"change": "delete", "deleted": "other", "was_current": false}));
}

#[test]
fn json_never_prompts() {
    let env = Env::new();
    env.ok(&["new", "-p", "Ann", "-p", "Bob"]);
    let r = env.run(&["round", "--json"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.stdout, "");
    env.ok(&["round", "1", "0"]);
    let r = env.run(&["undo", "--json"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.stdout, "");
}

/// Every figure of `check`'s report for a person, read back from its
/// text, and the same figures from its JSON: they must agree.
fn agree(args: &[&str]) {
    let env = Env::new();
    let mut human_args = vec!["check"];
    human_args.extend_from_slice(args);
    let text = env.ok_with(&[("COLUMNS", "400")], &human_args).stdout;
    human_args.push("--json");
    let v: Value = serde_json::from_str(env.ok(&human_args).stdout.trim()).unwrap();
    let cards = |v: &Value| -> String {
        v.as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect::<Vec<_>>().join(" ")
    };
    let percent = |v: &Value| format!("{:.1}%", v.as_f64().unwrap() * 100.0);
    let lines: Vec<&str> = text.lines().collect();
    let context = format!("{args:?}:\n{text}");

    // The heading.
    let held = v["hand"].as_array().unwrap().len();
    let after = if held > v["cards"].as_u64().unwrap() as usize {
        format!(", {held} held after the draw")
    } else {
        String::new()
    };
    let heading = format!("Round {}: {} cards dealt{after}, ", v["round"], v["cards"]);
    assert!(lines[0].starts_with(&heading), "{context}");
    assert!(lines[0].contains(&format!("(rules: {}", v["rules"].as_str().unwrap())), "{context}");

    // A declared hand: each group's verdict, whether it goes out, its figures.
    if let Some(groups) = v["groups"].as_array() {
        let at = lines.iter().position(|l| *l == "Declared").expect("a Declared part");
        for (i, g) in groups.iter().enumerate() {
            let line = lines[at + 1 + i];
            let (shown, verdict) = line.trim_start().split_once(": ").unwrap();
            assert_eq!(shown, cards(&g["cards"]), "{context}");
            match g["kind"].as_str() {
                Some(kind) => assert!(verdict.starts_with(&format!("a {kind}")), "{context}"),
                None => assert_eq!(verdict, g["reason"].as_str().unwrap(), "{context}"),
            }
        }
        let figures = lines.iter().find(|l| l.starts_with("Declared deadwood ")).unwrap();
        let claimed = match v.get("declared_discard") {
            Some(d) => {
                let goes = v["declared_goes_out"].as_bool().unwrap();
                let said = lines.iter().any(|l| {
                    l.starts_with(&format!(
                        "The declaration goes out, discarding {}",
                        d["card"].as_str().unwrap()
                    ))
                });
                assert_eq!(said, goes, "{context}");
                assert_eq!(
                    lines.iter().any(|l| l.starts_with("The declaration does not go out")),
                    !goes,
                    "{context}"
                );
                format!("Declared deadwood {} after the discard", d["deadwood"])
            }
            None => format!("Declared deadwood {}", v["declared_deadwood"]),
        };
        assert!(figures.starts_with(&claimed), "{context}");
        let least = v["least_deadwood"].as_u64().unwrap();
        assert!(
            figures.ends_with(&format!("; the least is {least}, as follows:"))
                || (figures.ends_with(", the least there is") && figures.starts_with(&claimed))
                    && claimed.split_whitespace().nth(2) == Some(least.to_string().as_str()),
            "{context}"
        );
    }

    // The hand laid down: after the best discard, or as it is.
    let (laid, deadwood) = match v.get("best_discard") {
        Some(best) => {
            let card = best["card"].as_str().unwrap();
            assert!(lines.contains(&format!("Discard {card} and lay down:").as_str()), "{context}");
            (best, best["deadwood"].clone())
        }
        None => (&v, v["deadwood"].clone()),
    };
    let melds_at = lines.iter().position(|l| l.starts_with("Melds ")).unwrap();
    let shown_melds: Vec<String> = lines[melds_at..]
        .iter()
        .take_while(|l| l.starts_with("Melds ") || l.starts_with("          "))
        .map(|l| l[10..].split("  (").next().unwrap().split_once(' ').map_or("", |(_, c)| c).to_string())
        .filter(|m| !m.is_empty())
        .collect();
    let json_melds: Vec<String> = laid["melds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let onto = m.get("onto").map(|o| format!("{}: ", cards(o))).unwrap_or_default();
            format!("{onto}{}", cards(&m["cards"]))
        })
        .collect();
    assert_eq!(shown_melds, json_melds, "{context}");
    let unmelded = lines.iter().find(|l| l.starts_with("Unmelded  ")).unwrap();
    if laid["unmelded"].as_array().unwrap().is_empty() {
        assert_eq!(*unmelded, "Unmelded  none", "{context}");
    } else {
        let (list, total) = unmelded[10..].split_once("  = ").unwrap();
        let shown: Vec<&str> = list.split(", ").map(|p| p.split(' ').next().unwrap()).collect();
        assert_eq!(shown.join(" "), cards(&laid["unmelded"]), "{context}");
        assert_eq!(total, deadwood.to_string(), "{context}");
    }
    // On the last turn (after someone went out) the round ends anyway.
    let last = v["last_turn"] == true;
    let verdict = if v.get("best_discard").is_some() && last {
        if deadwood == 0 {
            "Every card melds: nothing left".to_string()
        } else {
            format!("Deadwood {deadwood}")
        }
    } else if v.get("best_discard").is_some() {
        if deadwood == 0 { "Goes out".to_string() } else { format!("Deadwood {deadwood}: does not go out") }
    } else if v["can_go_out"] == true {
        "Goes out: every card melds".to_string()
    } else {
        format!("Deadwood {deadwood}")
    };
    assert!(lines.contains(&verdict.as_str()), "{verdict}: {context}");

    // Outs of a hand before the draw.
    if let (Some(outs), false) = (v["outs"].as_array(), v["can_go_out"] == true) {
        let line = lines.iter().find(|l| l.starts_with("Outs (")).unwrap();
        if outs.is_empty() {
            assert_eq!(*line, "Outs (0): none", "{context}");
        } else {
            assert_eq!(*line, format!("Outs ({}): {}", outs.len(), cards(&v["outs"])), "{context}");
            let draw = if last { "the last draw" } else { "the next draw" };
            let unseen = format!("  {} of them unseen: {} on {draw}", v["unseen"], percent(&v["chance"]));
            assert!(lines.contains(&unseen.as_str()), "{context}");
        }
    }

    // Before the draw, asked: the chance within two draws.
    if let Some(two) = v.get("chance_two") {
        let line = format!("  {} within the next two draws", percent(two));
        assert!(lines.contains(&line.as_str()), "{context}");
    }

    // The face-up card on the last turn: the deadwood each way leaves.
    if let Some(u) = v.get("upcard").filter(|_| last) {
        let at = lines.iter().position(|l| l.starts_with("  Taking:  ")).expect("the taking line");
        let (card, take, draw) = (u["card"].as_str().unwrap(), &u["take"], &u["draw"]);
        assert!(take.get("chance_next").is_none() && draw.get("chance_this_or_next").is_none(), "{context}");
        let expected = draw["expected_deadwood"].as_f64().unwrap();
        let head = lines[at - 1];
        match u["advice"].as_str().unwrap() {
            "take" => assert!(head.starts_with(&format!("Take {card}, last turn: ")), "{context}"),
            "draw" => assert!(head.starts_with("Draw, last turn: "), "{context}"),
            other => panic!("advice {other}"),
        }
        assert!(head.contains(&format!("{expected:.1}")), "{context}");
        let left = format!("({} against", take["deadwood"]);
        let kept = if take["goes_out"] == true { "every card melds".to_string() } else { left };
        assert!(
            head.contains(&kept) || head.contains(&format!("against {})", take["deadwood"])),
            "{context}"
        );
        let taking = if take["goes_out"] == true {
            format!("  Taking:  discard {} and every card melds", take["discard"].as_str().unwrap())
        } else {
            format!("  Taking:  discard {}, {} left", take["discard"].as_str().unwrap(), take["deadwood"])
        };
        assert_eq!(lines[at], taking, "{context}");
        let drawing = format!(
            "  Drawing: {} to meld every card, {expected:.1} left on average",
            percent(&draw["chance_now"])
        );
        assert_eq!(lines[at + 1], drawing, "{context}");
    }

    // The face-up card: the advice, then each branch's figures.
    if let Some(u) = v.get("upcard").filter(|_| !last) {
        let at = lines.iter().position(|l| l.starts_with("  Taking:  ")).expect("the taking line");
        let card = u["card"].as_str().unwrap();
        let take = &u["take"];
        let draw = &u["draw"];
        let head = lines[at - 1];
        match u["advice"].as_str().unwrap() {
            "take" => assert!(head.starts_with(&format!("Take {card}: ")), "{context}"),
            "draw" => assert!(head.starts_with("Draw: "), "{context}"),
            other => panic!("advice {other}"),
        }
        if take["goes_out"] == false {
            assert!(head.contains(&percent(&take["chance_this_or_next"])), "{context}");
        }
        assert!(head.contains(&percent(&draw["chance_this_or_next"])), "{context}");
        let taking = if take["goes_out"] == true {
            format!("  Taking:  discard {} and go out", take["discard"].as_str().unwrap())
        } else {
            format!(
                "  Taking:  discard {}, {} left, {} on the next draw",
                take["discard"].as_str().unwrap(),
                take["deadwood"],
                percent(&take["chance_next"])
            )
        };
        assert_eq!(lines[at], taking, "{context}");
        let drawing = format!(
            "  Drawing: {} to go out now, {:.1} left on average, {} this turn or next",
            percent(&draw["chance_now"]),
            draw["expected_deadwood"].as_f64().unwrap(),
            percent(&draw["chance_this_or_next"])
        );
        assert_eq!(lines[at + 1], drawing, "{context}");
    }

    // Every discard after the draw: the table's rows, and the named ones.
    if let Some(discards) = v["discards"].as_array() {
        let mut rows: Vec<Vec<String>> = Vec::new();
        for line in lines.iter().filter(|l| l.starts_with("| ") && !l.starts_with("| Discard")) {
            let cells: Vec<String> =
                line.trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect();
            if cells[0].is_empty() {
                let last = rows.last_mut().unwrap();
                last[2] = format!("{} {}", last[2], cells[2]);
            } else {
                rows.push(cells);
            }
        }
        assert_eq!(rows.len(), discards.len(), "{context}");
        if last {
            // No draw follows: each discard and what it leaves, no more.
            for d in discards {
                let card = d["card"].as_str().unwrap();
                let row = rows.iter().find(|r| r[0] == card).unwrap_or_else(|| panic!("{card}: {context}"));
                assert_eq!(row[1..], [d["deadwood"].to_string()], "{context}");
                assert!(d.get("outs").is_none() && d.get("chance").is_none(), "{context}");
            }
            let best = discards.iter().find(|d| d["card"] == v["best_discard"]["card"]).unwrap();
            let least =
                format!("Least left:  discard {}: {} left", best["card"].as_str().unwrap(), best["deadwood"]);
            assert!(lines.contains(&least.as_str()), "{context}");
            assert!(lines.iter().any(|l| l.starts_with("Last turn:   ")), "{context}");
            assert!(v.get("best_chance").is_none() && !lines.iter().any(|l| l.starts_with("Best chance")));
            return;
        }
        for d in discards {
            let card = d["card"].as_str().unwrap();
            let row = rows.iter().find(|r| r[0] == card).unwrap_or_else(|| panic!("{card}: {context}"));
            let outs = match d["outs"].as_array().unwrap().len() {
                0 => "none".to_string(),
                _ if d["chance"].as_f64() == Some(1.0) => "any card".to_string(),
                _ => cards(&d["outs"]),
            };
            let mut cells =
                vec![d["deadwood"].to_string(), outs, d["unseen"].to_string(), percent(&d["chance"])];
            cells.extend(d.get("chance_two").map(percent));
            assert_eq!(row[1..], cells, "{context}");
        }
        let said = |d: &Value| {
            let n = d["outs"].as_array().unwrap().len();
            format!(
                "discard {}: {} left, {n} out{}, {} unseen, {} on the next draw{}",
                d["card"].as_str().unwrap(),
                d["deadwood"],
                if n == 1 { "" } else { "s" },
                d["unseen"],
                percent(&d["chance"]),
                d.get("chance_two").map(|c| format!(", {} within two", percent(c))).unwrap_or_default()
            )
        };
        let best = discards.iter().find(|d| d["card"] == v["best_discard"]["card"]).unwrap();
        assert!(lines.contains(&format!("Least left:  {}", said(best)).as_str()), "{context}");
        let chance = &v["best_chance"];
        let named = chance["card"] != best["card"] && chance["chance"].as_f64() > best["chance"].as_f64();
        assert_eq!(lines.contains(&format!("Best chance: {}", said(chance)).as_str()), named, "{context}");
        assert_eq!(lines.iter().any(|l| l.starts_with("Best chance: ")), named, "{context}");
    }
}

#[test]
fn check_tells_a_person_and_a_script_the_same_figures() {
    // Declared, after the draw, not going out.
    agree(&["--round", "11", "2h 3h Kc 5h | 9c 9d Kd | Qd Kh Ks | Jh 10s Ac As"]);
    // Declared, every group a meld, but the discard breaks one.
    agree(&["--round", "3", "8d 8s 8c | 4s 4d 4c"]);
    // Declared, going out after the draw; and before the draw.
    agree(&["--round", "2", "5h 6h 7h 4c | 9c"]);
    agree(&["--round", "9", "--rules", "strict", "Qs Ks As | 9c 9d | 5h 6h 8h | Jd Jc Jh"]);
    // Before the draw: outs, none, and going out.
    agree(&["--round", "3", "5h 6h 9c 9d 2s"]);
    agree(&["--round", "1", "Kh 9c 4d"]);
    agree(&["--round", "1", "5h 6h 7h"]);
    // After the draw, where the best chance is not the least left.
    agree(&["--seen", "Jh Js 10c", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"]);
    agree(&["--round", "11", "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As"]);
    // Laying off onto the table: the last turn, before the draw and after.
    agree(&["--set", "lay_off=true", "--onto", "5h 6h 7h", "8h 9c 9d 9s 4h Kd"]);
    agree(&["--set", "lay_off=true", "--round", "4", "--onto", "5h 6h 7h", "8h 9c 9d 9s 4h Kd 3c"]);
    agree(&["--round", "4", "--last", "9c", "9d", "9s", "4h", "Kd", "8h", "3c"]);
    // The face-up card on the last turn: taken, going out, and drawn.
    let last_upcard = |up: &str, hand: &str| {
        agree(&["--set", "lay_off=true", "--round", "4", "--onto", "5h 6h 7h", "--upcard", up, hand]);
    };
    last_upcard("3c", "8h 9c 9d 9s 4h Kd");
    last_upcard("8h", "9c 9d 9s 4h Kd 3h");
    agree(&["--round", "4", "--last", "--upcard", "Qc", "9c", "9d", "9s", "4h", "5h", "8h"]);
    // Discards leaving as much, told apart by the chance to go out.
    agree(&["--rules", "tens", "--round", "8", "--seen", "Jh Js 10c", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"]);
    // The face-up card: taken, going out at once, drawn, and a tie.
    agree(&["--round", "11", "--upcard", "9h", "Ks Kd Kh 2h 3h 5h 9c 9d 10s Jh Qd Ac As"]);
    agree(&["--round", "1", "--upcard", "7h", "5h 6h 9d"]);
    agree(&["--round", "1", "--upcard", "Kc", "5h 6h 9d"]);
    agree(&["--round", "3", "--upcard", "2c", "Kc Qd 9s 7h 5d"]);
    agree(&["--round", "1", "--upcard", "9s", "Kc Kd Ks"]);
    // Two draws ahead, after the draw and before it.
    agree(&["--round", "8", "--look", "2", "3h 4h 5h 6h 8c 8d 8s Jc Jd Qs 2c"]);
    agree(&["--round", "3", "--look", "2", "5h 6h 9c 9d 2s"]);
    // Hands of every round from a fixed shuffle, before and after the draw.
    let deck: Vec<String> = (0..104)
        .map(|i| {
            format!(
                "{}{}",
                ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][i % 13],
                ["c", "d", "h", "s"][(i / 13) % 4]
            )
        })
        .collect();
    let mut seed: u64 = 13;
    for round in 1..=11usize {
        for extra in [0, 1] {
            let mut cards = deck.clone();
            for i in (1..cards.len()).rev() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                cards.swap(i, (seed >> 33) as usize % (i + 1));
            }
            let hand = cards[..round + 2 + extra].join(" ");
            let r = round.to_string();
            agree(&["--round", &r, &hand]);
            if extra == 0 {
                // The next card of the shuffle face up.
                agree(&["--round", &r, "--upcard", &cards[round + 2], &hand]);
            }
        }
    }
}

/// `show` tells a person and a script the same round: for every round of a
/// game with typed hands, cards left over, a doubled round, a bad go-out
/// and a late joiner, each figure of the screen is read back and compared
/// with `show N --json`.
#[test]
fn show_tells_a_person_and_a_script_the_same_round() {
    let env = Env::new();
    env.ok(&["new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--set", "bad_go_out_penalty=20"]);
    env.ok(&["round", "Ann=12", "Bob=9h 4d Kh", "Cy=0", "--out", "Cy"]);
    env.ok(&["round", "Ann=0", "Bob=5", "Cy=K 9", "--out", "Ann"]);
    env.ok(&["round", "Ann=5", "Bob=0", "Cy=3", "--out", "Bob", "--penalty", "Ann"]);
    env.ok(&["player", "add", "Dee"]);
    env.ok(&["round", "Ann=K+4", "Bob=0", "Cy=7", "Dee=3s 3d 3h 9c 9d 9s", "--out", "Bob"]);
    let wide = [("COLUMNS", "200")];
    let (mut hands, mut leftovers) = (0, 0);
    for n in 1..=4 {
        let round = n.to_string();
        let j = json(&env, &["show", &round, "--json"]);
        let screen = env.ok_with(&wide, &["show", &round]).stdout;
        let mut lines = screen.lines();
        let heading = lines.next().expect("a heading");
        let (dealer, first) = (j["dealer"].as_str().unwrap(), j["first"].as_str().unwrap());
        assert!(heading.starts_with(&format!("Round {n} of g: {} cards, ", j["cards"])), "{heading}");
        assert!(heading.ends_with(&format!("; {dealer} dealt, {first} played first")), "{heading}");
        // The table's columns by their headers.
        let cells = |line: &str| -> Vec<String> {
            line.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect()
        };
        let header = cells(lines.next().expect("the table's header"));
        let column = |name: &str| header.iter().position(|h| h == name);
        let rows: Vec<Vec<String>> = screen
            .lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| Player "))
            .map(cells)
            .collect();
        let scores = j["scores"].as_array().unwrap();
        assert_eq!(rows.len(), scores.len(), "{screen}");
        let out = j["out"].as_str();
        let penalties: Vec<&str> =
            j["penalties"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
        for (row, s) in rows.iter().zip(scores) {
            let player = s["player"].as_str().unwrap();
            assert_eq!(row[0], player, "{screen}");
            let number = |name: &str| row[column(name).unwrap()].parse::<i64>().unwrap();
            assert_eq!(number("Points"), s["points"].as_i64().unwrap(), "{player}: {screen}");
            assert_eq!(number("Total"), s["total"].as_i64().unwrap(), "{player}: {screen}");
            // The deadwood has a column only where it differs from the points.
            let deadwood = column("Deadwood").map_or(number("Points"), |_| number("Deadwood"));
            assert_eq!(deadwood, s["deadwood"].as_i64().unwrap(), "{player}: {screen}");
            let note = row.last().unwrap();
            assert_eq!(note.contains("went out first"), out == Some(player), "{player}: {screen}");
            assert_eq!(note.contains("bad go-out"), penalties.contains(&player), "{player}: {screen}");
            assert_eq!(note.contains("hand typed"), s["typed"] == true, "{player}: {screen}");
            leftovers += s["leftover"].is_string() as usize;
            match s["leftover"].as_str() {
                Some(cards) => {
                    assert!(note.contains(&format!("cards left over: {cards}")), "{player}: {screen}")
                }
                None => assert!(!note.contains("left over"), "{player}: {screen}"),
            }
        }
        // Each typed hand is shown below the table, as the JSON has it.
        for h in j["hands"].as_array().unwrap() {
            hands += 1;
            let line = format!("{}: {}", h["player"].as_str().unwrap(), h["hand"].as_str().unwrap());
            assert!(screen.lines().any(|l| l == line), "{line} in {screen}\n{h}");
        }
    }
    assert_eq!((hands, leftovers), (2, 1), "the game has typed hands and cards left over");
}
