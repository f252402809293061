use super::*;
use crate::card::{Card, Rank};

fn sizes_and_wilds(rules: &Rules) -> Vec<(usize, String)> {
    rules.deals().iter().map(|d| (d.cards, d.wild.to_string())).collect()
}

#[test]
fn an_assignment_names_its_setting_and_a_checked_value() {
    let (setting, value) = Setting::assignment(" Tiebreak = draw").unwrap();
    assert_eq!((setting.key, value), ("tiebreak", Value::Word("draw")));
    assert!(matches!(Setting::assignment("decks"), Err(RulesError::NotAssignment { .. })));
    assert!(matches!(Setting::assignment("deck=2"), Err(RulesError::UnknownSetting { .. })));
    assert!(matches!(Setting::assignment("decks=0"), Err(RulesError::BadValue { .. })));
}

#[test]
fn standard_round_table() {
    let deals = Rules::default().deals();
    assert_eq!(deals.len(), 11);
    assert_eq!(deals[0], Deal { round: 1, cards: 3, wild: Rank::new(3).unwrap() });
    assert_eq!(deals[8].wild, Rank::JACK);
    assert_eq!(deals[10], Deal { round: 11, cards: 13, wild: Rank::KING });
}

#[test]
fn extra_rounds_add_fourteens_and_fifteens() {
    let mut rules = Rules::default();
    rules.set("extra_rounds", "2").unwrap();
    let table = sizes_and_wilds(&rules);
    assert_eq!(table.len(), 13);
    assert_eq!(table[11], (14, "A".to_string()));
    assert_eq!(table[12], (15, "2".to_string()));
}

#[test]
fn down_and_up_plays_22_rounds() {
    let mut rules = Rules::default();
    rules.set("down_and_up", "true").unwrap();
    let table = sizes_and_wilds(&rules);
    assert_eq!(table.len(), 22);
    assert_eq!(table[10], (13, "K".to_string()));
    assert_eq!(table[11], (13, "K".to_string()));
    assert_eq!(table[21], (3, "3".to_string()));
}

#[test]
fn bad_settings_are_refused() {
    let mut rules = Rules::default();
    let bad = |key, value: &str, allowed| RulesError::BadValue { key, value: value.into(), allowed };
    assert_eq!(rules.apply("decks=0"), Err(bad("decks", "0", Allowed::Range(1, 20))));
    assert_eq!(rules.apply("ace_value=-3"), Err(bad("ace_value", "-3", Allowed::Range(1, 99))));
    assert_eq!(
        rules.apply("go_out_bonus=abc"),
        Err(bad("go_out_bonus", "abc", Allowed::RangeOrWord(-100, 0, "wild")))
    );
    assert_eq!(rules.apply("colour=red"), Err(RulesError::UnknownSetting { key: "colour".into() }));
    assert_eq!(rules.apply("decks"), Err(RulesError::NotAssignment { text: "decks".into() }));
    assert_eq!(rules, Rules::default());
    assert_eq!(Allowed::RangeOrWord(-100, 0, "wild").to_string(), "0 to -100|wild");
    assert_eq!(SETTINGS[1].allowed.to_string(), "rank|ten");
}

#[test]
fn values_out_of_range_cannot_get_in() {
    let bad = |key, value: &str, allowed| RulesError::BadValue { key, value: value.into(), allowed };
    // More jokers than the solver supports, no decks, a sixth suit.
    assert_eq!(Rules::default().with("jokers", "9"), Err(bad("jokers", "9", Allowed::Range(0, 3))));
    assert_eq!(Rules::default().with("decks", "0"), Err(bad("decks", "0", Allowed::Range(1, 20))));
    assert_eq!(Rules::default().with("suits", "6"), Err(bad("suits", "6", Allowed::Range(4, 5))));
    assert_eq!(
        Rules::default().with("bad_go_out_penalty", "70000"),
        Err(bad("bad_go_out_penalty", "70000", Allowed::Range(0, 1000)))
    );
    // A refused value leaves the rules as they were.
    let mut rules = Rules::preset("tens").unwrap();
    assert_eq!(rules.set("jokers", "9"), Err(bad("jokers", "9", Allowed::Range(0, 3))));
    assert_eq!(rules.apply("decks=0"), Err(bad("decks", "0", Allowed::Range(1, 20))));
    assert_eq!(rules, Rules::preset("tens").unwrap());
    // A change is checked as it is parsed, before it is applied.
    assert_eq!(
        RulesChange::parse(None, &["decks=2".into(), "jokers=9".into()]).unwrap_err(),
        bad("jokers", "9", Allowed::Range(0, 3))
    );
    // The ends of the ranges get in.
    let most = Rules::default().with("jokers", "3").and_then(|r| r.with("decks", "20")).unwrap();
    assert_eq!((most.jokers(), most.decks()), (3, MAX_DECKS));
    let change = RulesChange::parse(None, &["suits=5".into()]).unwrap();
    assert_eq!(change.apply(Rules::default()).suits(), 5);
    assert_eq!(change.settings().len(), 1);
}

#[test]
fn every_setting_reads_back_what_it_writes() {
    let mut rules = Rules::preset("strict").unwrap();
    rules.apply("go_out_bonus=wild").unwrap();
    rules.apply("face_cards=10").unwrap();
    for setting in &SETTINGS {
        let mut copy = Rules::default();
        setting.set(&mut copy, &setting.get(&rules).to_string()).unwrap();
        assert_eq!(setting.get(&copy), setting.get(&rules), "{}", setting.key);
    }
    assert_eq!(rules.face_cards, FaceCards::Ten);
}

#[test]
fn presets_and_summary() {
    assert_eq!(Rules::preset("tens").unwrap().face_cards, FaceCards::Ten);
    let strict = Rules::preset("strict").unwrap();
    assert!(!strict.all_wild_melds && strict.lay_off);
    assert_eq!(strict.summary(), "strict");
    let mut r = Rules::default();
    r.set("decks", "3").unwrap();
    assert_eq!(r.summary(), "standard, decks=3");
    // A preset keeps its name when a setting is added to it.
    let mut tens = Rules::preset("tens").unwrap();
    tens.set("double_last_rounds", "true").unwrap();
    assert_eq!(tens.summary(), "tens, double_last_rounds=true");
    r.set("face_cards", "ten").unwrap();
    assert_eq!(r.summary(), "tens, decks=3");
    let mut strict = Rules::preset("strict").unwrap();
    strict.set("face_cards", "ten").unwrap();
    assert_eq!(strict.summary(), "strict, face_cards=ten");
    // As near to one preset as to another: standard first.
    let mut both = Rules::default();
    both.set("lay_off", "true").unwrap();
    assert_eq!(both.summary(), "standard, lay_off=true");
    assert!(Rules::preset("house").is_err());
}

#[test]
fn values_and_wilds() {
    let mut rules = Rules::default();
    let k = Card::parse("Kh").unwrap();
    assert_eq!(rules.value(k), 13);
    assert_eq!(rules.value(Card::JOKER), 20);
    rules.set("face_cards", "ten").unwrap();
    assert_eq!(rules.value(k), 10);
    assert!(!rules.is_wild(k, Rank::new(3).unwrap()));
    rules.set("kings_wild", "true").unwrap();
    assert!(rules.is_wild(k, Rank::new(3).unwrap()));
    assert_eq!(rules.go_out_score(Rank::new(8).unwrap()), 0);
    rules.set("go_out_bonus", "wild").unwrap();
    assert_eq!(rules.go_out_score(Rank::new(8).unwrap()), -8);
}

#[test]
fn wilds_of_a_round() {
    let mut rules = Rules::default();
    let three = Rank::new(3).unwrap();
    assert_eq!((rules.wilds(three).short(), rules.wilds(three).to_string()), ("3".into(), "threes".into()));
    rules.set("kings_wild", "true").unwrap();
    assert_eq!(rules.wilds(three).to_string(), "threes and kings");
    assert_eq!(rules.wilds(Rank::KING).short(), "K");
    rules.set("jokers", "2").unwrap();
    assert_eq!(rules.wilds(three).short(), "3 +K +JK");
    assert_eq!(rules.wilds(three).to_string(), "threes, kings and jokers");
    assert_eq!(rules.wilds(Rank::KING).to_string(), "kings and jokers");
    assert_eq!(rules.tiebreak_deal(), Deal { round: 12, cards: 14, wild: Rank::ACE });
    rules.set("tiebreak", "draw").unwrap();
    assert_eq!(rules.tiebreak, Tiebreak::Draw);
}

#[test]
fn five_crowns_is_a_preset_and_a_game() {
    let fc = Rules::preset("five-crowns").unwrap();
    assert_eq!(Rules::preset("Five_Crowns").unwrap(), fc);
    assert_eq!((fc.game(), fc.summary()), (Game::FiveCrowns, "five-crowns".to_string()));
    assert_eq!((fc.suits, fc.ranks, fc.jokers, fc.decks), (5, Ranks::ThreeToKing, 3, 2));
    assert_eq!(fc.deck().size(), 55);
    let cards: Vec<Card> = fc.deck().cards().collect();
    assert_eq!(cards.len() * fc.decks as usize + fc.copies(Card::JOKER), 116);
    assert_eq!(fc.copies(Card::parse("Ah").unwrap()), 0);
    assert_eq!(Rules::default().copies(cards[4]), 0, "no stars in a standard deck");
    // The same eleven rounds, threes to kings wild.
    let table = sizes_and_wilds(&fc);
    assert_eq!(table.len(), 11);
    assert_eq!((table[0].clone(), table[10].clone()), ((3, "3".into()), (13, "K".into())));
    // The tiebreaker round: 6 cards, sixes wild by the hand-size rule.
    assert_eq!(fc.tiebreak_deal(), Deal { round: 12, cards: 6, wild: Rank::new(6).unwrap() });
    // Variants are named from the game's own rules.
    let mut quarter = fc;
    quarter.set("joker_value", "25").unwrap();
    assert_eq!(quarter.summary(), "five-crowns, joker_value=25");
    assert_eq!(quarter.changes(), ["joker_value=25"]);
    let mut fours = Rules::default();
    fours.set("ranks", "3-k").unwrap();
    assert_eq!(fours.game(), Game::FiveCrowns);
    // Named from the nearest preset; its changes from the game's own.
    assert_eq!(fours.summary(), "standard, ranks=3-K");
    assert_eq!(fours.changes(), ["wild_value=face", "jokers=0", "joker_value=20", "suits=4"]);
    assert_eq!(Game::parse("Five_Crowns"), Some(Game::FiveCrowns));
    assert_eq!(Game::FiveCrowns.name(), "Five Crowns");
}

#[test]
fn the_values_of_wilds_and_jokers_left_over() {
    let fc = Rules::preset("five-crowns").unwrap();
    let sevens = Rank::new(7).unwrap();
    let card = |t: &str| fc.deck().parse(t).unwrap();
    assert_eq!(fc.value_in(card("7r"), sevens), 20);
    assert_eq!(fc.value_in(card("7r"), Rank::KING), 7);
    assert_eq!(fc.value_in(Card::JOKER, sevens), 50);
    assert_eq!(fc.value_in(card("Kh"), sevens), 13);
    assert_eq!(fc.rank_value_in(sevens, sevens), 20);
    // Three Thirteen: a wild its face, a joker 20, unless set otherwise.
    let mut std = Rules::default();
    assert_eq!(std.value_in(card("7h"), sevens), 7);
    assert_eq!(std.value_in(Card::JOKER, sevens), 20);
    std.apply("joker_value=25").unwrap();
    std.apply("wild_value=15").unwrap();
    assert_eq!((std.value_in(Card::JOKER, sevens), std.value_in(card("7h"), sevens)), (25, 15));
    // The most a hand can hold: each card at the most a card scores.
    assert_eq!(Rules::default().max_deadwood(3), 39);
    assert_eq!(fc.max_deadwood(3), 150);
    assert_eq!(Rules { jokers: 0, ..fc }.max_deadwood(3), 60);
    assert_eq!(Rules { jokers: 0, wild_value: WildValue::Face, ..fc }.max_deadwood(3), 39);
    // No aces in Five Crowns: ace_value has nothing to score.
    assert_eq!(Rules { ace_value: 99, ..fc }.max_deadwood(3), 150);
}

#[test]
fn round_orders() {
    let sizes = |r: &Rules| r.deals().iter().map(|d| d.cards).collect::<Vec<_>>();
    let mut down = Rules::default();
    down.set("round_order", "down").unwrap();
    assert_eq!(sizes(&down), (3..=13).rev().collect::<Vec<_>>());
    assert_eq!(down.deal(1).unwrap().wild, Rank::KING);
    down.set("down_and_up", "true").unwrap();
    let expected: Vec<usize> = (3..=13).rev().chain(3..=13).collect();
    assert_eq!(sizes(&down), expected);
    let mut random = Rules::default();
    random.set("round_order", "random").unwrap();
    assert!(random.order_to_draw());
    // Not drawn yet: the rounds climb.
    assert_eq!(sizes(&random), (3..=13).collect::<Vec<_>>());
    let mut rng = fastrand::Rng::with_seed(13);
    random.draw_order(&[], |n| rng.usize(..n));
    assert!(!random.order_to_draw());
    let drawn = sizes(&random);
    assert_eq!(drawn, [3, 8, 13, 10, 4, 7, 12, 6, 9, 5, 11]);
    // The setting reads back as itself, and keeps the order drawn.
    assert_eq!(random.summary(), "standard, round_order=random");
    let kept = random;
    random.set("round_order", "random").unwrap();
    assert_eq!(random, kept);
    assert!(
        random.same_settings(&Rules { round_order: RoundOrder::Random(Drawn::NONE), ..Rules::default() })
    );
    // Drawn again with rounds played, those keep their places.
    let mut again = random;
    again.set("extra_rounds", "1").unwrap();
    assert!(again.order_to_draw());
    again.draw_order(&drawn[..3], |n| n - 1);
    assert_eq!(&sizes(&again)[..3], &drawn[..3]);
    assert_eq!(sizes(&again).len(), 12);
    // Up and down leave nothing to draw.
    let mut up = Rules::default();
    up.draw_order(&[], |_| 0);
    assert_eq!(up, Rules::default());
}

#[test]
fn settings_that_need_each_other() {
    let mut fc = Rules::preset("five-crowns").unwrap();
    assert_eq!(fc.check(), Ok(()));
    fc.set("extra_rounds", "1").unwrap();
    assert_eq!(fc.check(), Err(RulesError::ExtraRoundsWithoutAces { extra_rounds: 1 }));
    // A deck without aces plays no ace high.
    let high = Rules { ace_high: true, ..Rules::preset("five-crowns").unwrap() };
    assert!(!high.aces_high());
    assert!(Rules { ace_high: true, ..Rules::default() }.aces_high());
}

#[test]
fn what_a_setting_does_under_the_rules() {
    let fc = Rules::preset("five-crowns").unwrap();
    let about = |key: &str, rules: &Rules| Setting::find(key).unwrap().about_for(rules);
    assert_eq!(about("decks", &Rules::default()), "52-card decks shuffled together");
    assert_eq!(about("decks", &fc), "55-card decks shuffled together");
    assert_eq!(about("tiebreak", &fc), "a tie for the win: share it, a 6-card round, or a card draw");
    assert_eq!(about("tiebreak", &Rules::default()), SETTINGS[20].about);
    let written: Vec<&str> = SETTINGS.iter().filter(|s| s.always_written()).map(|s| s.key).collect();
    assert_eq!(written.len(), 15);
}
