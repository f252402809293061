//! The format-preserving save: a session file that loads, changed as play
//! changes it and saved into the same text, loads again as the changed
//! session, whatever the file held around the values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use three13::fuzzing::{parse_session, save_into, text_of};
use three13_core::sheet::{RoundRecord, Session};
use three13_core::solver::Solver;

/// How many of the first bytes choose the changes; the rest is the file.
const CHANGES: usize = 6;

fuzz_target!(|data: &[u8]| {
    let (changes, file) = data.split_at(data.len().min(CHANGES));
    let Ok(text) = text_of(file.to_vec()) else { return };
    let Ok(mut session) = parse_session(&text, "fuzz") else { return };
    let mut solver = Solver::new();
    for &byte in changes {
        change(&mut session, byte, &mut solver);
    }
    let saved = save_into(&text, "fuzz", &session).expect("a file that loaded takes any session");
    assert_eq!(parse_session(&saved, "fuzz").expect("a saved session loads"), session);
});

/// One change, picked and shaped by `byte`; a change the sheet refuses
/// leaves the session as it was.
fn change(s: &mut Session, byte: u8, solver: &mut Solver) {
    let now = s.updated();
    let n = s.players().len();
    let seat = usize::from(byte >> 3) % n;
    let _ = match byte % 8 {
        0 | 1 => {
            let Some(deal) = s.next_deal() else { return };
            let mut round = RoundRecord::from_deadwood(vec![0; n]);
            for p in s.playing(deal.round) {
                round.deadwood[p] = u32::from(byte >> 2) % 12;
            }
            if byte % 8 == 1 && s.plays(seat, deal.round) {
                round.deadwood[seat] = 0;
                round.out = Some(seat);
            }
            s.add_round(round, now).map(drop)
        }
        2 => {
            s.undo(now);
            Ok(())
        }
        3 => s.rename_player(seat, &format!("P{byte}"), now),
        4 => s.add_player(&format!("N{byte}"), Some(seat), None, now).map(drop),
        5 => s.remove_player(seat, now).map(drop),
        6 => s.set_dealer(s.rounds().len().max(1), seat, now).map(drop),
        _ => {
            let round = s.rounds().len();
            if round == 0 {
                return;
            }
            s.edit(round, seat, &(byte % 5).to_string(), solver, now).map(drop)
        }
    };
}
