//! The drill's page: a run of `three13 drill` for each player by name,
//! kept in the server's memory and driven through [`crate::app::drill`].
//!
//! The runs are bounded in number, in total and by client address, and
//! each is dropped after a while without an answer; a run holds at most
//! [`COUNT`] positions. Grading (and dealing the next position) runs the
//! coach: a form is answered at once, sending the browser to the run's
//! page, and the work is done after, on the connection's thread (see
//! [`super::http::Reply::Then`]); meanwhile the page says so and looks
//! again each second. The run is taken out of the map while it is worked
//! on (the map's lock is held only to take it and to put it back), and at
//! most [`MAX_GRADING`] grades run at once.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::http::{Reply, Request, Response};
use super::pages::{self, COUNT, Frame, MAX_NAME, Seen, StartForm, stamp};
use crate::app::drill::{Answer, Ask, Asked, Drill, Graded, seed_of_day};
use three13_core::rules::Rules;
use three13_core::sheet::Session;

/// Runs kept at once, in all.
pub(crate) const MAX_RUNS: usize = 32;
/// Runs started from one client address (as the connections count it).
pub(crate) const MAX_RUNS_PER_ADDRESS: usize = 8;
/// A run without an answer for this long is dropped.
pub(crate) const IDLE: Duration = Duration::from_secs(30 * 60);
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
    /// Why the last answer was refused, if it was.
    pub(crate) error: Option<String>,
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
            error: self.error.clone(),
        }
    }
}

#[derive(Debug)]
enum Slot {
    Ready(Box<Run>),
    /// Being graded, or dealt.
    Busy,
    /// The run could not be dealt: why, said once.
    Failed(String),
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
    /// The run could not be dealt.
    Failed(String),
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
            Refused::Failed(why) => (422, why.clone()),
        }
    }
}

/// Every player's run.
#[derive(Debug)]
pub(crate) struct Drills {
    runs: Mutex<HashMap<String, Entry>>,
    grading: Arc<AtomicUsize>,
    /// The coach's deals an option.
    pub(crate) budget: usize,
}

/// A run taken out of the map to be worked on; put back when dropped
/// (also should the work panic), unless [`Taken::finish`] says otherwise.
pub(crate) struct Taken<'a> {
    drills: &'a Drills,
    name: String,
    pub(crate) run: Option<Box<Run>>,
    /// Why a run could not be dealt, to say on its page.
    failed: Option<String>,
    /// Left busy: the work goes on elsewhere.
    detached: bool,
}

impl Taken<'_> {
    /// The run, left busy in the map, for work done after the response.
    fn detach(mut self) -> (String, Option<Box<Run>>) {
        self.detached = true;
        (std::mem::take(&mut self.name), self.run.take())
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        if self.detached {
            return;
        }
        let mut runs = self.drills.lock();
        match (self.run.take(), self.failed.take()) {
            (Some(run), _) => {
                if let Some(e) = runs.get_mut(&self.name) {
                    e.slot = Slot::Ready(run);
                    e.touched = Instant::now();
                }
            }
            (None, Some(why)) => {
                if let Some(e) = runs.get_mut(&self.name) {
                    e.slot = Slot::Failed(why);
                    e.touched = Instant::now();
                }
            }
            (None, None) => {
                runs.remove(&self.name);
            }
        }
    }
}

/// One grade running, counted until dropped.
#[derive(Debug)]
pub(crate) struct Grading(Arc<AtomicUsize>);

impl Drop for Grading {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Drills {
    pub(crate) fn new(budget: usize) -> Drills {
        Drills { runs: Mutex::new(HashMap::new()), grading: Arc::new(AtomicUsize::new(0)), budget }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.runs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Drops the runs left without an answer for [`IDLE`] (and any work
    /// on one that never ended).
    fn expire(runs: &mut HashMap<String, Entry>, now: Instant) {
        runs.retain(|_, e| now.saturating_duration_since(e.touched) < IDLE);
    }

    /// The run of `name` as a page shows it; a run that could not be
    /// dealt is said once, and dropped.
    pub(crate) fn seen(&self, name: &str, now: Instant) -> Result<Seen, Refused> {
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        match runs.get(name).map(|e| &e.slot) {
            None => Err(Refused::None),
            Some(Slot::Busy) => Err(Refused::Busy),
            Some(Slot::Ready(run)) => Ok(run.seen()),
            Some(Slot::Failed(why)) => {
                let why = why.clone();
                runs.remove(name);
                Err(Refused::Failed(why))
            }
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
            Some(Slot::Failed(_)) | None => false,
        }
    }

    /// Takes the run of `name` out to answer it.
    pub(crate) fn take(&self, name: &str, now: Instant) -> Result<Taken<'_>, Refused> {
        let mut runs = self.lock();
        Self::expire(&mut runs, now);
        let entry = runs.get_mut(name).ok_or(Refused::None)?;
        match std::mem::replace(&mut entry.slot, Slot::Busy) {
            Slot::Busy => Err(Refused::Busy),
            Slot::Failed(why) => {
                runs.remove(name);
                Err(Refused::Failed(why))
            }
            Slot::Ready(run) => {
                entry.touched = now;
                Ok(self.adopt(name, Some(run)))
            }
        }
    }

    /// The guard of a run taken out earlier (and detached), to finish its
    /// work: put back when dropped.
    fn adopt(&self, name: &str, run: Option<Box<Run>>) -> Taken<'_> {
        Taken { drills: self, name: name.to_string(), run, failed: None, detached: false }
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
        drop(runs);
        Ok(self.adopt(name, None))
    }

    /// One more grade running, unless [`MAX_GRADING`] are.
    pub(crate) fn grading(&self) -> Result<Grading, Refused> {
        let was = self.grading.fetch_add(1, Ordering::SeqCst);
        let permit = Grading(self.grading.clone());
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

/// The page of a run.
fn run_page(name: &str) -> String {
    format!("/drill?name={}", super::encode(name))
}

/// Work done after a drill form is answered.
#[derive(Debug)]
pub(crate) enum Job {
    /// Deal a new run.
    Start { name: String, asked: Asked, permit: Grading },
    /// Grade an answer (and, after a discard, deal the next position).
    Answer { name: String, run: Box<Run>, answer: Answer, took: Duration, permit: Grading },
}

/// Does a drill form's work, its response sent: the run is put back (or
/// its failure kept to be said) whatever happens.
pub(super) fn work(app: &super::App, job: Job) {
    let d = &app.drills;
    match job {
        Job::Start { name, asked, permit } => {
            let mut taken = d.adopt(&name, None);
            match Drill::start(&asked) {
                Ok(drill) if drill.question().is_some() => {
                    taken.run = Some(Box::new(Run {
                        drill,
                        rules: asked.rules,
                        seed: asked.seed,
                        asked_at: Instant::now(),
                        not_kept: None,
                        error: None,
                    }));
                }
                Ok(_) => {
                    taken.failed = Some(format!(
                        "no position worth drilling was found in {} rounds dealt from seed {}; try another seed",
                        COUNT * three13_core::play::drill::TRIES_EACH,
                        asked.seed
                    ));
                }
                Err(e) => taken.failed = Some(app.for_page(&e)),
            }
            drop(permit);
        }
        Job::Answer { name, run, answer, took, permit } => {
            let mut taken = d.adopt(&name, Some(run));
            let run = taken.run.as_mut().expect("a run adopted");
            let position = run.drill.position().cloned();
            run.not_kept = None;
            run.error = None;
            match run.drill.answer(answer, took) {
                Ok(g) => {
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
                }
                Err(e) => run.error = Some(super::for_page(&e)),
            }
            run.asked_at = Instant::now();
            drop(permit);
        }
    }
}

/// The drill's first page, with the names drilling now.
fn start_page(
    d: &Drills,
    frame: &Frame,
    session: &Session,
    now: Instant,
    status: u16,
    form: StartForm,
) -> Response {
    let going = d.names(now);
    super::html(status, pages::drill_start(frame, session, &form, &going), frame.nonce)
}

/// The name typed, or the first page's form giving it back with what was
/// wrong.
fn named(typed: &str) -> Result<String, StartForm> {
    name_of(typed).map_err(|error| StartForm {
        name: super::shown_back(typed),
        error: Some(error),
        ..StartForm::default()
    })
}

/// Answers a look at the drill page: the first page, or a run's.
pub(super) fn get(app: &super::App, frame: &Frame, session: &Session, r: &Request) -> Response {
    let now = Instant::now();
    let d = &app.drills;
    let nonce = frame.nonce;
    let start_page = |status: u16, form: StartForm| start_page(d, frame, session, now, status, form);
    let Some(fields) = r.query_fields() else { return super::bad_form() };
    let typed = super::field(&fields, "name");
    if typed.trim().is_empty() {
        return start_page(200, StartForm::default());
    }
    let name = match named(&typed) {
        Ok(name) => name,
        Err(form) => return start_page(422, form),
    };
    match d.seen(&name, now) {
        Ok(seen) => {
            let on = super::field(&fields, "on") == "1";
            super::html(200, pages::drill_run(frame, session, &name, &seen, on, d.budget, None), nonce)
        }
        Err(Refused::Busy) => super::html(200, pages::drill_wait(frame, session, &name), nonce),
        Err(refused) => {
            let (status, error) = refused.said(&name);
            start_page(status, StartForm { name, error: Some(error), ..StartForm::default() })
        }
    }
}

/// Answers a drill form: the browser is sent to the run's page at once,
/// and the grading (or the dealing) follows.
pub(super) fn post(app: &super::App, frame: &Frame, session: &Session, r: &Request) -> Reply {
    let now = Instant::now();
    let d = &app.drills;
    let nonce = frame.nonce;
    let start_page =
        |status: u16, form: StartForm| Reply::Respond(start_page(d, frame, session, now, status, form));
    let Some(fields) = r.form_fields() else { return Reply::Respond(super::bad_form()) };
    let pick = super::field(&fields, "pick");
    let typed = if pick.is_empty() { super::field(&fields, "name") } else { pick };
    let name = match named(&typed) {
        Ok(name) => name,
        Err(form) => return start_page(422, form),
    };
    let to_run = || Response::see_other(format!("{}{}", frame.base, run_page(&name)));
    match super::field(&fields, "do").as_str() {
        "start" => {
            let seed_typed = super::field(&fields, "seed");
            let refused = |(status, error): (u16, String)| {
                let form = StartForm {
                    name: name.clone(),
                    seed: super::shown_back(&seed_typed),
                    error: Some(error),
                };
                match start_page(status, form) {
                    Reply::Respond(page) if status == 503 => {
                        Reply::Respond(page.with_header("Retry-After", "2".into()))
                    }
                    reply => reply,
                }
            };
            let seed = match seed_typed.trim() {
                "" => seed_of_day(crate::clock::now().to_zoned(jiff::tz::TimeZone::system()).date()),
                text => match text.parse::<u64>() {
                    Ok(seed) => seed,
                    Err(_) => {
                        return refused((
                            422,
                            format!(
                                "\"{}\" is not a seed: a whole number like 3 (the same seed deals the same \
                                 positions), or nothing for the position of the day",
                                super::shown_back(text)
                            ),
                        ));
                    }
                },
            };
            if super::field(&fields, "new") != "1" && d.going_on(&name, now) {
                return Reply::Respond(to_run());
            }
            let permit = match d.grading() {
                Ok(permit) => permit,
                Err(e) => return refused(e.said(&name)),
            };
            let taken = match d.reserve(&name, r.peer, now) {
                Ok(taken) => taken,
                Err(e) => return refused(e.said(&name)),
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
            let (name, _) = taken.detach();
            let response = to_run();
            Reply::Then(response, Box::new(Job::Start { name, asked, permit }))
        }
        "answer" => {
            let mut taken = match d.take(&name, now) {
                Ok(taken) => taken,
                // A second tap while the first is graded: the page says so.
                Err(Refused::Busy) => return Reply::Respond(to_run()),
                Err(refused) => {
                    let (status, error) = refused.said(&name);
                    return start_page(
                        status,
                        StartForm { name, error: Some(error), ..StartForm::default() },
                    );
                }
            };
            let run = taken.run.as_mut().expect("a run taken out");
            let Some(q) = run.drill.question() else { return Reply::Respond(to_run()) };
            if super::field(&fields, "step") != stamp(&q) {
                return Reply::Respond(to_run());
            }
            let error = |taken: Taken, status: u16, error: String| {
                let seen = taken.run.as_ref().expect("a run taken out").seen();
                drop(taken);
                let page = pages::drill_run(frame, session, &name, &seen, false, d.budget, Some(&error));
                Reply::Respond(super::html(status, page, nonce))
            };
            let answer = match Answer::parse(&super::field(&fields, "answer"), &run.rules) {
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
            let took = now.saturating_duration_since(run.asked_at);
            if !q.options.contains(&answer.text()) {
                // Not one of the question's answers: the application says
                // why, and the question stays.
                let why = match run.drill.answer(answer, took) {
                    Err(e) => super::for_page(&e),
                    Ok(_) => unreachable!("an answer the question lacks is refused"),
                };
                drop(permit);
                return error(taken, 422, why);
            }
            let (name, run) = taken.detach();
            let run = run.expect("a run taken out");
            let response = to_run();
            Reply::Then(response, Box::new(Job::Answer { name, run, answer, took, permit }))
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
            error: None,
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
