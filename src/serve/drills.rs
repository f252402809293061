//! The drill's page: a run of `three13 drill` for each player by name,
//! kept in the server's memory and driven through [`crate::app::drill`].
//!
//! The runs are bounded in number, in total and by client address, and
//! each is dropped after a while without an answer; a run holds at most
//! [`COUNT`] positions. Grading runs the coach: a run is taken out of the
//! map while it is graded (the map's lock is held only to take it and to
//! put it back), and at most [`MAX_GRADING`] grades run at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::http::{Method, Request, Response};
use super::pages::{self, Frame};
use crate::app::drill::{Answer, Ask, Asked, Drill, Graded, Question, Summary, seed_of_day};
use three13_core::rules::Rules;
use three13_core::sheet::Session;

/// Runs kept at once, in all.
pub(crate) const MAX_RUNS: usize = 32;
/// Runs started from one client address (as the connections count it).
pub(crate) const MAX_RUNS_PER_ADDRESS: usize = 8;
/// A run without an answer for this long is dropped.
pub(crate) const IDLE: Duration = Duration::from_secs(30 * 60);
/// The longest name drilled under, in characters.
pub(crate) const MAX_NAME: usize = 40;
/// Positions in a run of the page.
pub(crate) const COUNT: usize = 5;
/// Grades (and runs being dealt) at once; one more is answered busy.
pub(crate) const MAX_GRADING: usize = 4;

/// One player's run.
#[derive(Debug)]
pub(crate) struct Run {
    pub(crate) drill: Drill,
    pub(crate) rules: Rules,
    pub(crate) seed: u64,
    /// When the question now was first shown: the time taken to answer
    /// runs from it.
    pub(crate) asked_at: Instant,
    /// Why the last attempt was not kept in the data folder, if it was not.
    pub(crate) not_kept: Option<String>,
}

/// What a page shows of a run: copied out, so that the page is drawn
/// without the lock.
#[derive(Debug)]
pub(crate) struct Seen {
    pub(crate) question: Option<Question>,
    /// The grades of the last position answered, or being answered.
    pub(crate) last: Vec<Graded>,
    pub(crate) summary: Summary,
    pub(crate) seed: u64,
    pub(crate) rules: Rules,
    pub(crate) not_kept: Option<String>,
}

impl Run {
    pub(crate) fn seen(&self) -> Seen {
        let graded = self.drill.graded();
        let last: Vec<Graded> = match graded.last() {
            Some(g) => graded.iter().filter(|x| x.number == g.number && x.id == g.id).cloned().collect(),
            None => Vec::new(),
        };
        Seen {
            question: self.drill.question(),
            last,
            summary: self.drill.summary(),
            seed: self.seed,
            rules: self.rules,
            not_kept: self.not_kept.clone(),
        }
    }
}

#[derive(Debug)]
enum Slot {
    Ready(Box<Run>),
    /// Being graded, or dealt.
    Busy,
}

#[derive(Debug)]
struct Entry {
    slot: Slot,
    touched: Instant,
    /// The client address that started it (as connections count it).
    from: IpAddr,
}

/// Why a run cannot be had now.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// No run under that name (or it expired).
    None,
    /// An answer of this run is being graded.
    Busy,
    /// Too many runs from this address.
    TooManyHere,
    /// Too many runs in all.
    Full,
    /// Too many grades at once.
    Grading,
}

impl Refused {
    /// The status and the sentence a page says.
    pub(crate) fn said(&self, name: &str) -> (u16, String) {
        let name = super::shown_back(name);
        match self {
            Refused::None => (
                404,
                format!(
                    "{name} has no drill going on here (a run is dropped after 30 minutes without an answer); start one"
                ),
            ),
            Refused::Busy => (409, format!("an answer of {name}'s is being graded; look again in a moment")),
            Refused::TooManyHere => (
                429,
                format!(
                    "{MAX_RUNS_PER_ADDRESS} drills are going on from this device already; finish one, or wait \
                     until one is dropped (30 minutes without an answer)"
                ),
            ),
            Refused::Full => (
                503,
                format!(
                    "{MAX_RUNS} drills are going on already; try again once one is dropped (30 minutes \
                     without an answer)"
                ),
            ),
            Refused::Grading => (503, "busy grading other answers; try again in a moment".to_string()),
        }
    }
}

/// Every player's run.
#[derive(Debug)]
pub(crate) struct Drills {
    runs: Mutex<HashMap<String, Entry>>,
    grading: AtomicUsize,
    /// The coach's deals an option.
    pub(crate) budget: usize,
}

/// A run taken out of the map to be worked on; put back when dropped
/// (also should the work panic), unless [`Taken::finish`] says otherwise.
pub(crate) struct Taken<'a> {
    drills: &'a Drills,
    name: String,
    pub(crate) run: Option<Box<Run>>,
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        let mut runs = self.drills.lock();
        match self.run.take() {
            Some(run) => {
                if let Some(e) = runs.get_mut(&self.name) {
                    e.slot = Slot::Ready(run);
                    e.touched = Instant::now();
                }
            }
            None => {
                runs.remove(&self.name);
            }
        }
    }
}

/// One grade running, counted until dropped.
pub(crate) struct Grading<'a>(&'a AtomicUsize);

impl Drop for Grading<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Drills {
    pub(crate) fn new(budget: usize) -> Drills {
        Drills { runs: Mutex::new(HashMap::new()), grading: AtomicUsize::new(0), budget }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.runs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Drops the runs left without an answer for [`IDLE`].
    fn expire(runs: &mut HashMap<String, Entry>, now: Instant) {
        runs.retain(|_, e| matches!(e.slot, Slot::Busy) || now.saturating_duration_since(e.touched) < IDLE);
    }

    /// The run of `name` as a page shows it.
    pub(crate) fn seen(&self, name: &str, now: Instant) -> Result<Seen, Refused> {
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        match runs.get(name).map(|e| &e.slot) {
            None => Err(Refused::None),
            Some(Slot::Busy) => Err(Refused::Busy),
            Some(Slot::Ready(run)) => Ok(run.seen()),
        }
    }

    /// The names with a run, in order.
    pub(crate) fn names(&self, now: Instant) -> Vec<String> {
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        let mut names: Vec<String> = runs.keys().cloned().collect();
        names.sort();
        names
    }

    /// Whether `name` has a run not yet over.
    pub(crate) fn going_on(&self, name: &str, now: Instant) -> bool {
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        match runs.get(name).map(|e| &e.slot) {
            Some(Slot::Ready(run)) => run.drill.question().is_some(),
            Some(Slot::Busy) => true,
            None => false,
        }
    }

    /// Takes the run of `name` out to answer it.
    pub(crate) fn take(&self, name: &str, now: Instant) -> Result<Taken<'_>, Refused> {
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        let entry = runs.get_mut(name).ok_or(Refused::None)?;
        match std::mem::replace(&mut entry.slot, Slot::Busy) {
            Slot::Busy => Err(Refused::Busy),
            Slot::Ready(run) => Ok(Taken { drills: self, name: name.to_string(), run: Some(run) }),
        }
    }

    /// Makes room for a new run of `name` from `from` (replacing its run,
    /// if any and not being graded): the place is held, busy, until the
    /// run is put in it (or the [`Taken`] dropped empty).
    pub(crate) fn reserve(&self, name: &str, from: IpAddr, now: Instant) -> Result<Taken<'_>, Refused> {
        let from = super::http::address_key(from);
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        match runs.get(name) {
            Some(Entry { slot: Slot::Busy, .. }) => return Err(Refused::Busy),
            Some(_) => {
                runs.remove(name);
            }
            None => {}
        }
        if runs.values().filter(|e| e.from == from).count() >= MAX_RUNS_PER_ADDRESS {
            return Err(Refused::TooManyHere);
        }
        if runs.len() >= MAX_RUNS {
            return Err(Refused::Full);
        }
        runs.insert(name.to_string(), Entry { slot: Slot::Busy, touched: now, from });
        Ok(Taken { drills: self, name: name.to_string(), run: None })
    }

    /// One more grade running, unless [`MAX_GRADING`] are.
    pub(crate) fn grading(&self) -> Result<Grading<'_>, Refused> {
        let was = self.grading.fetch_add(1, Ordering::SeqCst);
        let permit = Grading(&self.grading);
        if was >= MAX_GRADING {
            return Err(Refused::Grading);
        }
        Ok(permit)
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().len()
    }
}

/// A name as typed: trimmed; refused empty, too long or with a control
/// character.
pub(crate) fn name_of(typed: &str) -> Result<String, String> {
    let name = typed.trim();
    if name.is_empty() {
        return Err("type your name (or pick one of the session's players) to drill under it".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("a name is at most {MAX_NAME} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err(format!("\"{}\" has a control character; type a name", super::shown_back(name)));
    }
    Ok(name.to_string())
}

/// The stamp of a question, carried by its form: an answer sent for a
/// question already answered (a second tap) is not taken for the next.
pub(crate) fn stamp(q: &Question) -> String {
    format!("{}-{}-{}", q.number, q.id, q.ask.word())
}

/// The page of a run.
fn run_page(name: &str) -> String {
    format!("/drill?name={}", super::encode(name))
}

/// Answers a request of the drill page.
pub(super) fn respond(app: &super::App, frame: &Frame, session: &Session, r: &Request) -> Response {
    let now = Instant::now();
    let d = &app.drills;
    let nonce = frame.nonce;
    let start_page = |status: u16, form: StartForm| {
        let going = d.names(now);
        super::html(status, pages::drill_start(frame, session, &form, &going), nonce)
    };
    if r.method != Method::Post {
        let Some(fields) = r.query_fields() else { return super::bad_form() };
        let typed = super::field(&fields, "name");
        if typed.trim().is_empty() {
            return start_page(200, StartForm::default());
        }
        let name = match name_of(&typed) {
            Ok(name) => name,
            Err(error) => {
                return start_page(
                    422,
                    StartForm { name: super::shown_back(&typed), error: Some(error), ..StartForm::default() },
                );
            }
        };
        return match d.seen(&name, now) {
            Ok(seen) => {
                let on = super::field(&fields, "on") == "1";
                super::html(200, pages::drill_run(frame, session, &name, &seen, on, d.budget, None), nonce)
            }
            Err(refused) => {
                let (status, error) = refused.said(&name);
                start_page(status, StartForm { name, error: Some(error), ..StartForm::default() })
            }
        };
    }
    let Some(fields) = r.form_fields() else { return super::bad_form() };
    let pick = super::field(&fields, "pick");
    let typed = if pick.is_empty() { super::field(&fields, "name") } else { pick };
    let name = match name_of(&typed) {
        Ok(name) => name,
        Err(error) => {
            let form =
                StartForm { name: super::shown_back(&typed), error: Some(error), ..StartForm::default() };
            return start_page(422, form);
        }
    };
    match super::field(&fields, "do").as_str() {
        "start" => {
            let seed_typed = super::field(&fields, "seed");
            let refused = |status: u16, error: String| {
                let form = StartForm {
                    name: name.clone(),
                    seed: super::shown_back(&seed_typed),
                    error: Some(error),
                };
                start_page(status, form)
            };
            let seed = match seed_typed.trim() {
                "" => seed_of_day(crate::clock::now().to_zoned(jiff::tz::TimeZone::system()).date()),
                text => match text.parse::<u64>() {
                    Ok(seed) => seed,
                    Err(_) => {
                        return refused(
                            422,
                            format!(
                                "\"{}\" is not a seed: a whole number like 3 (the same seed deals the same positions), or nothing for the position of the day",
                                super::shown_back(text)
                            ),
                        );
                    }
                },
            };
            if super::field(&fields, "new") != "1" && d.going_on(&name, now) {
                return Response::see_other(format!("{}{}", frame.base, run_page(&name)));
            }
            let permit = match d.grading() {
                Ok(permit) => permit,
                Err(e) => return busy(refused, e.said(&name)),
            };
            let mut taken = match d.reserve(&name, r.peer, now) {
                Ok(taken) => taken,
                Err(e) => return busy(refused, e.said(&name)),
            };
            let asked = Asked {
                rules: session.rules(),
                round: None,
                theme: None,
                players: None,
                seed,
                count: COUNT,
                budget: d.budget,
            };
            let started = Drill::start(&asked);
            drop(permit);
            match started {
                Ok(drill) if drill.question().is_some() => {
                    let rules = asked.rules;
                    taken.run =
                        Some(Box::new(Run { drill, rules, seed, asked_at: Instant::now(), not_kept: None }));
                    drop(taken);
                    Response::see_other(format!("{}{}", frame.base, run_page(&name)))
                }
                Ok(_) => {
                    drop(taken);
                    refused(
                        422,
                        format!(
                            "no position worth drilling was found in {} rounds dealt from seed {seed}; try another seed",
                            COUNT * three13_core::play::drill::TRIES_EACH
                        ),
                    )
                }
                Err(e) => {
                    drop(taken);
                    refused(422, app.for_page(&e))
                }
            }
        }
        "answer" => {
            let mut taken = match d.take(&name, now) {
                Ok(taken) => taken,
                Err(refused) => {
                    let (status, error) = refused.said(&name);
                    return start_page(
                        status,
                        StartForm { name, error: Some(error), ..StartForm::default() },
                    );
                }
            };
            let run = taken.run.as_mut().expect("a run taken out");
            let again = Response::see_other(format!("{}{}", frame.base, run_page(&name)));
            let Some(q) = run.drill.question() else { return again };
            if super::field(&fields, "step") != stamp(&q) {
                return again;
            }
            let typed = super::field(&fields, "answer");
            let error = |taken: Taken, status: u16, error: String| {
                let seen = taken.run.as_ref().expect("a run taken out").seen();
                drop(taken);
                let page = pages::drill_run(frame, session, &name, &seen, false, d.budget, Some(&error));
                super::html(status, page, nonce)
            };
            let answer = match Answer::parse(&typed, &run.rules) {
                Ok(answer) => answer,
                Err(e) => return error(taken, 422, super::for_page(&e)),
            };
            let permit = match d.grading() {
                Ok(permit) => permit,
                Err(e) => {
                    let (status, said) = e.said(&name);
                    return error(taken, status, said);
                }
            };
            let position = run.drill.position().cloned();
            let took = now.saturating_duration_since(run.asked_at);
            let graded = run.drill.answer(answer, took);
            drop(permit);
            let g = match graded {
                Ok(g) => g,
                Err(e) => return error(taken, 422, super::for_page(&e)),
            };
            run.not_kept = None;
            if g.ask == Ask::Discard
                && let Some(p) = position
            {
                let grades: Vec<Graded> = run
                    .drill
                    .graded()
                    .iter()
                    .filter(|x| x.number == g.number && x.id == g.id)
                    .cloned()
                    .collect();
                if let Err(e) = app.data.record_drill(&name, &p, &grades) {
                    run.not_kept = Some(app.for_page(&e));
                }
            }
            run.asked_at = Instant::now();
            drop(taken);
            again
        }
        _ => start_page(
            422,
            StartForm {
                name,
                error: Some("the form asks nothing: start a drill, or answer".into()),
                ..StartForm::default()
            },
        ),
    }
}

/// A run refused for now: the start page says why, and when to try again.
fn busy(page: impl Fn(u16, String) -> Response, (status, said): (u16, String)) -> Response {
    let response = page(status, said);
    if status == 503 { response.with_header("Retry-After", "2".into()) } else { response }
}

/// What the start form shows: what was typed, and why it was refused.
#[derive(Debug, Default)]
pub(crate) struct StartForm {
    pub(crate) name: String,
    pub(crate) seed: String,
    pub(crate) error: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run() -> Box<Run> {
        Box::new(Run {
            drill: Drill::replay(Vec::new(), 2),
            rules: Rules::default(),
            seed: 1,
            asked_at: Instant::now(),
            not_kept: None,
        })
    }

    fn start(d: &Drills, name: &str, from: IpAddr, now: Instant) -> Result<(), Refused> {
        let mut taken = d.reserve(name, from, now)?;
        taken.run = Some(run());
        Ok(())
    }

    #[test]
    fn runs_are_bounded_in_all_and_by_address_and_expire() {
        let d = Drills::new(2);
        let now = Instant::now();
        let one: IpAddr = [10, 0, 0, 1].into();
        for i in 0..MAX_RUNS_PER_ADDRESS {
            start(&d, &format!("p{i}"), one, now).unwrap();
        }
        assert_eq!(start(&d, "more", one, now), Err(Refused::TooManyHere));
        // The same name again replaces its run, from the same address.
        start(&d, "p0", one, now).unwrap();
        for i in MAX_RUNS_PER_ADDRESS..MAX_RUNS {
            start(&d, &format!("p{i}"), [10, 0, 1, i as u8].into(), now).unwrap();
        }
        assert_eq!(d.len(), MAX_RUNS);
        assert_eq!(start(&d, "late", [10, 0, 2, 1].into(), now), Err(Refused::Full));
        // Past the idle time every run is dropped, and room is made.
        let later = now + IDLE + Duration::from_secs(1);
        start(&d, "late", [10, 0, 2, 1].into(), later).unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d.seen("p0", later).err(), Some(Refused::None));
    }

    #[test]
    fn a_run_being_graded_is_busy_and_comes_back_even_after_a_panic() {
        let d = Drills::new(2);
        let now = Instant::now();
        start(&d, "Ann", [10, 0, 0, 1].into(), now).unwrap();
        let taken = d.take("Ann", now).unwrap();
        assert_eq!(d.take("Ann", now).err(), Some(Refused::Busy));
        assert_eq!(d.seen("Ann", now).err(), Some(Refused::Busy));
        // Another name is not held up.
        start(&d, "Bob", [10, 0, 0, 1].into(), now).unwrap();
        assert!(d.seen("Bob", now).is_ok());
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
            let _taken = taken;
            panic!("grading failed");
        }));
        assert!(panicked.is_err());
        assert!(d.seen("Ann", now).is_ok());
        // A place reserved and never filled is given up.
        drop(d.reserve("Cy", [10, 0, 0, 1].into(), now).unwrap());
        assert_eq!(d.seen("Cy", now).err(), Some(Refused::None));
        let permits: Vec<_> = (0..MAX_GRADING).map(|_| d.grading().unwrap()).collect();
        assert!(d.grading().is_err());
        drop(permits);
        assert!(d.grading().is_ok());
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(name_of("  Ann "), Ok("Ann".to_string()));
        assert!(name_of("   ").is_err());
        assert!(name_of(&"x".repeat(MAX_NAME + 1)).is_err());
        assert!(name_of("a\u{1b}b").is_err());
    }
}
