//! The pages, from maud templates (every value escaped): the game page
//! (the next round, scores from phones, the standings, the score sheet,
//! the chart), the TV page and the hand checker. The figures are those of
//! `table --json`, from the report layer; the style and the script are the
//! server's own, in the page: nothing is loaded from elsewhere.
//!
//! Each part of a page that changes carries `data-live`: the script, told
//! of a change, fetches the page again and puts each such part in place,
//! except a form someone is filling in.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use three13_core::card::Card;
use three13_core::rules::Rules;
use three13_core::sheet::Session;

use super::checker::Asked;
use super::phones::PhoneEntries;
use crate::app::drill::{Graded, Question, Summary};
use crate::prose::and_list;
use crate::report::check::{AdviceLine, Arrangement, CheckView, OutsCell, Said, Tone};
use crate::report::sheet::SheetView;
use crate::report::shown::Shown;

/// What every page needs: where the server's pages are, and this
/// response's nonce for its style and script.
#[derive(Debug)]
pub(crate) struct Frame<'a> {
    /// The path the pages are under: empty, or `/TOKEN` on the LAN.
    pub(crate) base: &'a str,
    pub(crate) nonce: &'a str,
}

/// What the entry form shows besides the scores in: what was typed when
/// it was refused, and why.
#[derive(Debug, Default)]
pub(crate) struct EntryForm {
    pub(crate) player: String,
    pub(crate) score: String,
    pub(crate) out: bool,
    pub(crate) error: Option<String>,
    /// The confirmation refused, and why.
    pub(crate) confirm_error: Option<String>,
    /// The last round recorded from the pages.
    pub(crate) recorded: Option<String>,
}

const STYLE: &str = r#"
:root{--fg:#1d1f1c;--muted:#5f6560;--line:#d9ddd6;--accent:#0a6b4b;--red:#b3261e;--bg:#f4f3ee;--card:#fff}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:64rem;margin:0 auto;padding:0 .8rem}
@media (min-width:72rem){header,main,footer{max-width:76rem}}
header{padding-top:.8rem}
h1{font-size:1.5rem;margin:0}
.rules{color:var(--muted);margin:.1rem 0 .4rem}
nav{display:flex;gap:1.2rem;flex-wrap:wrap}
nav a{color:var(--accent);font-weight:600}
section{background:var(--card);border:1px solid var(--line);border-radius:.7rem;padding:.8rem 1rem;margin:.8rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem}
.next{display:grid;grid-template-columns:repeat(4,1fr);gap:.4rem;text-align:center}
.label{display:block;color:var(--muted);font-size:.85rem}
.big{display:block;font-size:2.4rem;font-weight:700;line-height:1.15;overflow-wrap:anywhere;hyphens:auto}
.big .more{font-size:.55em}
.big.long{font-size:1.6rem}
.wild .big{color:var(--accent);font-size:3.4rem}
.note{margin:.5rem 0 0}
.over .big{font-size:1.8rem}
.scroll{overflow-x:auto}
table{border-collapse:collapse}
table.places{min-width:min(100%,24rem)}
th,td{padding:.3rem .45rem;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
th{font-size:.85rem;color:var(--muted);font-weight:600}
.name{text-align:left}
tr.total td{font-weight:700;border-bottom:0}
tr.now td{background:#eef6f1}
table.sheet a{color:var(--accent)}
td.outs{white-space:normal;min-width:9rem}
small{color:var(--muted)}
.red{color:var(--red)}
.card{font-weight:600}
ul.in{list-style:none;padding:0;margin:0}
ul.in li{padding:.2rem 0}
.done{color:var(--accent);font-weight:700}
.wait{color:var(--muted)}
label{display:block;margin:.5rem 0 .2rem;font-weight:600}
label.tick{font-weight:400}
input[type=text],input[type=password],select{font:inherit;width:100%;max-width:32rem;padding:.55rem;border:1px solid #b9beb6;border-radius:.45rem;background:#fff}
button{font:inherit;font-weight:600;padding:.55rem 1.2rem;border:0;border-radius:.45rem;background:var(--accent);color:#fff;margin-top:.7rem}
.error{color:var(--red);white-space:pre-wrap;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9rem}
.good{color:var(--accent);font-weight:700}
.chart svg{width:100%;height:auto;display:block}
footer{color:var(--muted);font-size:.85rem;padding-bottom:1.5rem}
dl.hand{display:grid;grid-template-columns:auto 1fr;gap:.2rem .8rem;margin:.4rem 0}
dl.hand dt{color:var(--muted)}
dl.hand dd{margin:0}
.phone{display:none}
table.sheet th.player{white-space:normal;overflow-wrap:break-word;min-width:3.5rem}
table.sheet .running{display:block}
.chart .small{display:none}
@media (max-width:34rem){.next{grid-template-columns:repeat(2,1fr)}.big{font-size:2rem}.wild .big{font-size:3rem}.big.long{font-size:1.25rem}
.dealer,.running,.wide,.cards{display:none}.phone{display:inline}
th.player{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left;vertical-align:bottom;max-height:9rem;overflow:hidden;text-overflow:ellipsis}
table.places td.name{white-space:normal;overflow-wrap:anywhere}
th,td{padding:.3rem .3rem}
header,main,footer{padding:0 .4rem}section{padding:.6rem .5rem}
table.sheet{font-size:.9rem;width:100%}table.sheet th.player{white-space:nowrap;min-width:0}table.sheet .running{display:none}table.sheet th,table.sheet td{padding:.25rem .15rem}
table.sheet .outcol{display:none}table.sheet td.went::after{content:"\2713";color:var(--accent);font-weight:700}
.chart .desk{display:none}.chart .small{display:block}
table.discards,table.discards tbody{display:block}
table.discards tr{display:grid;grid-template-columns:3.2rem 1fr 1fr 1fr;align-items:baseline}
table.discards th,table.discards td{text-align:left;border:0}
table.discards tr{border-bottom:1px solid var(--line)}
table.discards .c1{order:1}table.discards .c5{order:2;font-weight:700}table.discards .c2{order:3}table.discards .c4{order:4}
table.discards .c3{order:5;grid-column:1/-1;min-width:0;padding-left:3.2rem}
table.discards tr:first-child{display:none}
table.discards td.c5::before{content:"chance ";color:var(--muted);font-weight:400}
table.discards td.c3::before{content:"outs: ";color:var(--muted)}
table.discards td.c2::before{content:"left ";color:var(--muted)}
table.discards td.c4::before{content:"unseen ";color:var(--muted)}}
.grid{display:grid;gap:.25rem;margin:.5rem 0;max-width:32rem}
.grid.s4{grid-template-columns:repeat(4,1fr)}.grid.s5{grid-template-columns:repeat(5,1fr)}
.grid button{margin:0;padding:.45rem 0;background:#fff;color:var(--fg);border:1px solid #b9beb6;font-size:1rem;min-width:0}
.grid button.red{color:var(--red)}.grid button:disabled{opacity:.35}
.grid button.joker{grid-column:span 2}
.grid .tools{grid-column:1/-1;display:flex;gap:.4rem}.grid .tools button{flex:1;background:var(--bg)}
body.tv{background:#0f2a20;color:#f5f2e8;overflow:hidden}
.tv main{max-width:none;min-height:100vh;padding:3vh 4vw;display:grid;grid-template-columns:1fr 1.2fr;gap:4vw;align-items:center}
.tv .label{color:#b9c9bf;font-size:4vh}
.tv .big{font-size:7vh}
.tv .wild .big{font-size:26vh;color:#ffd166;line-height:1;white-space:nowrap}
.tv .title{font-size:3.2vh;color:#b9c9bf;margin:0 0 1vh}
.tv .deal{font-size:5.4vh;margin-top:2vh}
.tap{display:flex;flex-wrap:wrap;gap:.35rem;margin:.4rem 0}
.playing{display:inline-flex;align-items:center;justify-content:center;min-width:3.1rem;height:4.3rem;padding:0 .3rem;margin:0;border:1px solid #b9beb6;border-radius:.45rem;background:#fff;color:var(--fg);font-size:1.3rem;font-weight:700}
.playing.red{color:var(--red)}.playing.small{min-width:0;height:auto;padding:.1rem .35rem;font-size:1rem}
button.playing{cursor:pointer}button.playing:disabled{opacity:.4;cursor:default}
.playing.drawn{border:2px solid var(--accent)}
.answers{display:flex;gap:.5rem}.answers button{flex:1;font-size:1.05rem;padding:.8rem .4rem}
.answers .card{background:#fff;color:var(--fg);border-radius:.3rem;padding:0 .3rem}.answers .card.red{color:var(--red)}
.pick{display:flex;flex-wrap:wrap;gap:.4rem}.pick button{margin:0;overflow-wrap:anywhere}
p.label{font-weight:600;margin:.5rem 0 .2rem}
.verdict{font-size:1.15rem;font-weight:700}
a.go{display:block;text-align:center;padding:.8rem;border-radius:.45rem;background:var(--accent);color:#fff;font-weight:600;text-decoration:none}
details{margin:.5rem 0}summary{color:var(--muted)}
body.drill main a:not(.go){color:var(--accent);font-weight:600}
table.options{width:100%;max-width:36rem}table.options td:last-child{white-space:normal}
.answers,.tap{max-width:36rem}a.go{max-width:24rem}
.tv section{background:none;border:0;padding:0;margin:0}
.tv h2{font-size:3.2vh;color:#b9c9bf;font-weight:600}
.tv table{font-size:min(4.6vh,3vw);width:100%}
.tv th{font-size:min(2.6vh,3.4vw);color:#b9c9bf}
.tv th,.tv td{border-color:#2f5546;padding:.5vh 1.2vw}
.tv tr.first td{color:#ffd166}
.tv .over{font-size:6vh;font-weight:700;color:#ffd166}
@media (max-aspect-ratio:1/1){.tv main{grid-template-columns:1fr;align-content:start}.tv .wild .big{font-size:16vh}.tv table{font-size:min(3.4vh,5vw)}.tv .label,.tv .deal{font-size:min(4vh,6vw)}}
"#;

/// The script of a page that updates itself: on each event, the page is
/// fetched again and each live part put in place, unless it holds a form
/// being filled in. After a lost connection, the page is fetched again too.
/// The body carries `data-connected` while the updates come.
const SCRIPT: &str = r#"
(function () {
  var src = document.body.getAttribute("data-src");
  var busy = false, again = false, opened = false;
  function editing(el) {
    var active = document.activeElement;
    if (active && active !== document.body && el.contains(active) && active.tagName !== "BUTTON") return true;
    var fields = el.querySelectorAll("input,select,textarea");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.type === "checkbox" ? f.checked !== f.defaultChecked
          : f.tagName === "SELECT" ? (f.selectedIndex >= 0 && !f.options[f.selectedIndex].defaultSelected && f.selectedIndex !== 0)
          : f.value !== f.defaultValue) return true;
    }
    return false;
  }
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(src, { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (text) {
      var fresh = new DOMParser().parseFromString(text, "text/html");
      var parts = document.querySelectorAll("[data-live]");
      var ids = function (doc) {
        return Array.prototype.map.call(doc.querySelectorAll("[data-live]"), function (e) { return e.id; }).join(" ");
      };
      // Parts come or go (the game ended, the file came back): the whole page.
      if (ids(fresh) !== ids(document)) { location.replace(src); return; }
      for (var i = 0; i < parts.length; i++) {
        var part = parts[i], next = fresh.getElementById(part.id);
        if (next && !editing(part)) part.replaceWith(document.importNode(next, true));
      }
      document.title = fresh.title;
    }).catch(function () {}).then(function () {
      busy = false;
      if (again) { again = false; refresh(); }
    });
  }
  var events = new EventSource(document.body.getAttribute("data-events"));
  events.onopen = function () {
    document.body.setAttribute("data-connected", "");
    if (opened) refresh();
    opened = true;
  };
  events.onerror = function () { document.body.removeAttribute("data-connected"); };
  events.onmessage = refresh;
})();
"#;

/// The checker's card grid: a button per card of the deck in play, each
/// pressed as many times as the decks hold it, adding the card to the hand
/// typed; built here, so a page without script shows the typed field only.
const GRID_SCRIPT: &str = r#"
(function () {
  var grid = document.getElementById("grid"), hand = document.getElementById("hand");
  if (!grid || !hand) return;
  var copies = +grid.getAttribute("data-copies"), jokers = +grid.getAttribute("data-jokers");
  var cards = grid.getAttribute("data-cards").split(" "), shown = grid.getAttribute("data-shown").split(" ");
  var red = grid.getAttribute("data-red").split(" ");
  var buttons = [];
  function tokens() { return hand.value.split(/[\s,]+/).filter(function (t) { return t; }); }
  function count(card) {
    var n = 0, ts = tokens();
    for (var i = 0; i < ts.length; i++) if (ts[i].toUpperCase() === card.toUpperCase()) n++;
    return n;
  }
  function update() {
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      b.disabled = count(b.getAttribute("data-card")) >= +b.getAttribute("data-max");
    }
  }
  function add(card, text, max, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.className = cls;
    b.setAttribute("data-card", card);
    b.setAttribute("data-max", max);
    b.addEventListener("click", function () {
      if (count(card) >= max) return;
      var v = hand.value.replace(/\s+$/, "");
      hand.value = v ? v + " " + card : card;
      update();
    });
    grid.appendChild(b);
    buttons.push(b);
  }
  for (var i = 0; i < cards.length; i++) add(cards[i], shown[i], copies, red[i] === "1" ? "red" : "");
  if (jokers > 0) add("JK", "Joker", jokers, "joker");
  var tools = document.createElement("div");
  tools.className = "tools";
  function tool(text, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", function () { act(); update(); });
    tools.appendChild(b);
  }
  tool("Take back the last", function () { var ts = tokens(); ts.pop(); hand.value = ts.join(" "); });
  tool("Clear", function () { hand.value = ""; });
  grid.appendChild(tools);
  hand.addEventListener("input", update);
  update();
  grid.hidden = false;
})();
"#;

/// A whole page: `live` pages update themselves from `src`.
fn page(frame: &Frame, title: &str, class: &str, src: Option<&str>, body: Markup) -> String {
    page_in(frame, title, class, src, None, body)
}

/// A whole page; `refresh`: looked at again after so many seconds, by
/// the browser itself (no script needed).
fn page_in(
    frame: &Frame,
    title: &str,
    class: &str,
    src: Option<&str>,
    refresh: Option<u32>,
    body: Markup,
) -> String {
    let events = format!("{}/events", frame.base);
    let markup = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light";
                @if let Some(seconds) = refresh { meta http-equiv="refresh" content=(seconds); }
                title { (title) }
                // The server's own style: no markup of anyone else's in it.
                style nonce=(frame.nonce) { (PreEscaped(STYLE)) }
            }
            body class=(class) data-src=[src] data-events=[src.map(|_| events.as_str())] {
                (body)
                @if src.is_some() {
                    script nonce=(frame.nonce) { (PreEscaped(SCRIPT)) }
                }
            }
        }
    };
    markup.into_string()
}

/// A card, red suits in red.
fn card(c: Card) -> Markup {
    let red = c.suit().is_some_and(|s| s.is_red());
    html! { span.card.red[red] { (c.symbol()) } }
}

fn cards(cs: &[Card]) -> Markup {
    html! {
        @for (i, &c) in cs.iter().enumerate() {
            @if i > 0 { " " }
            (card(c))
        }
    }
}

/// The page's heading: the session, its rules, the links between pages.
fn header(frame: &Frame, t: &SheetView) -> Markup {
    let base = frame.base;
    html! {
        header {
            h1 { (t.session) }
            p.rules { "Rules: " (t.rules_summary) }
            nav {
                a href={ (base) "/" } { "Score sheet" }
                a href={ (base) "/tv" } { "TV" }
                a href={ (base) "/check" } { "Check a hand" }
                a href={ (base) "/drill" } { "Drill" }
                a href={ (base) "/season" } { "Season" }
            }
        }
    }
}

/// The round to play next, in large type, or how the game ended.
fn next_round(t: &SheetView) -> Markup {
    html! {
        section #next data-live="" {
            @match &t.next {
                Some(next) => {
                    h2 { (next.title()) }
                    div.next {
                        div { div.label { "Cards" } div.big { (next.cards) } }
                        div.wild { div.label { (next.wilds) " wild" } div.big { (wild_figure(&next.wilds_short)) } }
                        div { div.label { "Dealer" } div.big.long[long(&next.dealer)] { (next.dealer) } }
                        div { div.label { "Plays first" } div.big.long[long(&next.first)] { (next.first) } }
                    }
                    @if next.tiebreak {
                        p.note { (and_list(&names(&next.players))) " are tied: the lowest deadwood wins." }
                    }
                    @if next.doubled { p.note { "Scores double this round." } }
                }
                None if t.ending.over() => {
                    h2 { "Game over" }
                    div.over { div.big { (game_over(t)) } }
                }
                None => {
                    h2 { "The tiebreak" }
                    @for line in t.ending.lines(&|c| c.symbol()) { p.note { (line.text) } }
                }
            }
        }
    }
}

fn names(players: &[String]) -> Vec<&str> {
    players.iter().map(String::as_str).collect()
}

/// Whether a name is too long for large type in half a phone's width, so
/// that it is set smaller rather than broken inside a word.
fn long(name: &str) -> bool {
    name.chars().count() > 8
}

/// The wild rank in large type, what is wild besides (`+JK`) smaller, so
/// that it stays beside the rank.
fn wild_figure(wilds: &str) -> Markup {
    match wilds.split_once(' ') {
        Some((rank, more)) => html! { (rank) " " span.more { (more) } },
        None => html! { (wilds) },
    }
}

/// How the game ended, as the terminal words it after `Game over: `:
/// `Bob wins by 4, with 8.`
fn game_over(t: &SheetView) -> String {
    t.ending.outcome(&|c| c.symbol()).unwrap_or_default()
}

/// Place, player, total, behind the leader, rounds gone out first.
fn standings(t: &SheetView, id: &str) -> Markup {
    html! {
        section id=(id) data-live="" {
            h2 { @if t.finished { "Final places" } @else { "Standings" } }
            @if !t.rows.iter().any(|r| r.played) {
                p { "No round is recorded yet." }
            } @else {
                table.places {
                    tr { th { "Place" } th.name { "Player" } th { "Total" } th { "Behind" } th { "Out" } }
                    @for st in &t.standings {
                        tr.first[st.place == 1] {
                            td { (st.place) } td.name { (st.player) } td { (st.total) }
                            td { (st.behind) } td { (st.rounds_out) }
                        }
                    }
                }
            }
        }
    }
}

/// A row per round of the rules: cards, wild, dealer, each player's points
/// and running total, who went out; then the totals.
fn sheet(frame: &Frame, t: &SheetView) -> Markup {
    let away = t.rows.iter().any(|r| r.cells.iter().flatten().any(|c| c.away));
    let tie = t.tie.as_ref().filter(|tie| tie.scores.iter().any(Option::is_some));
    html! {
        section #sheet data-live="" {
            h2 { "Score sheet" }
            div.scroll {
                table.sheet {
                    tr {
                        th { "Round" } th.cards { "Cards" } th.name { "Wild" } th.name.dealer { "Dealer" }
                        @for p in &t.players { th.player { (p) } }
                        th.name.outcol { "Out" }
                    }
                    @for row in &t.rows {
                        tr.now[row.next] {
                            td {
                                @if row.played { a href={ (frame.base) "/round?n=" (row.round) } { (row.round) } }
                                @else { (row.round) }
                            }
                            td.cards { (row.cards) }
                            td.name { (row.wilds) }
                            td.name.dealer { (row.dealer) }
                            @for cell in &row.cells {
                                td.went[cell.is_some_and(|c| c.out)] {
                                    @match cell {
                                        Some(c) if c.away => {
                                            span.away title="a round missed, scored by the rule for it" { (c.points) "~" }
                                        }
                                        Some(c) => { (c.points) span.running { " " small { "(" (c.running) ")" } } }
                                        None => {}
                                    }
                                }
                            }
                            td.name.outcol { (row.out.as_deref().unwrap_or("")) }
                        }
                    }
                    tr.total {
                        td { "Total" } td.cards {} td {} td.dealer {}
                        @for total in &t.totals { td { (total) } }
                        td.outcol {}
                    }
                    @if let Some(tie) = tie {
                        tr.tie {
                            td { "Tie" } td.cards { (tie.cards) }
                            td.name { (tie.wilds) } td.name.dealer {}
                            @for score in &tie.scores {
                                td { @if let Some((d, _)) = score { (d) } }
                            }
                            td.outcol {}
                        }
                    }
                }
            }
            p {
                @if away {
                    small { "~: a round missed, scored by the rule for it. " }
                }
                @if tie.is_some() {
                    small { "Tie: the tiebreaker round, deadwood only. " }
                }
                small.wide { "12 (40): points in the round (running total)." }
                " "
                small.phone { "Points in each round, ✓ for who went out; the cards, the dealer and running totals on a wider screen." }
            }
        }
    }
}

/// The running totals as a line chart, once a round is in.
fn chart(s: &Session) -> Markup {
    use crate::report::chart;
    let svg = if s.rounds().is_empty() {
        None
    } else {
        let race = chart::Race::new(s, &crate::ui::Ui::plain(None));
        chart::svg(&race).ok().zip(chart::svg_sized(&race, &chart::PHONE).ok())
    };
    html! {
        section #chart data-live="" {
            h2 { "The race" }
            @match svg {
                // plotters escapes every text and attribute it writes.
                // The desk's chart, and one drawn for a phone's screen.
                Some((desk, phone)) => div.chart {
                    div.desk { (PreEscaped(desk)) }
                    div.small { (PreEscaped(phone)) }
                }
                None => p { "The chart starts after round 1." }
            }
        }
    }
}

/// The game page.
pub(crate) fn game(frame: &Frame, s: &Session, entries: Option<&PhoneEntries>, form: &EntryForm) -> String {
    let t = SheetView::new(s);
    // The page fetched again keeps the player it was opened for.
    let src = if form.player.is_empty() {
        format!("{}/", frame.base)
    } else {
        format!("{}/?player={}", frame.base, super::encode(&form.player))
    };
    let body = html! {
        (header(frame, &t))
        main {
            (next_round(&t))
            (standings(&t, "standings"))
            @if let Some(entries) = entries.filter(|e| e.round().is_some()) {
                (entered(s, entries, form))
                (entry_form(frame, s, entries, form))
                (confirm_form(frame, s, entries, form))
            }
            @if let Some(error) = form.error.as_ref().filter(|_| t.next.is_none()) {
                section #refused { p.error { (error) } }
            }
            (sheet(frame, &t))
            (chart(s))
        }
        footer { p { "This page follows the game by itself; without JavaScript, reload it." } }
    };
    page(frame, &format!("{} · three13", t.session), "game", Some(&src), body)
}

/// Who has entered a score for the round, and what was made of each.
fn entered(s: &Session, entries: &PhoneEntries, form: &EntryForm) -> Markup {
    let Some(round) = entries.round() else { return html! {} };
    html! {
        section #entered data-live="" {
            h2 { "Scores in for " (round_name(s, round)) }
            ul.in {
                @for (player, score) in entries.table(s) {
                    li {
                        @match score {
                            Some(e) => {
                                span.done { "✓ " } (e.said)
                                @if e.out { " (went out first)" }
                            }
                            None => { span.wait { "… " (player) ": waiting" } }
                        }
                    }
                }
            }
            @if let Some(line) = &form.recorded {
                p.good { "Recorded: " (line) }
            }
        }
    }
}

/// `round 3`, or `the tiebreaker round`.
fn round_name(s: &Session, round: usize) -> String {
    if round > s.deals().len() { "the tiebreaker round".to_string() } else { format!("round {round}") }
}

/// The form a player enters their score with.
fn entry_form(frame: &Frame, s: &Session, entries: &PhoneEntries, form: &EntryForm) -> Markup {
    let Some(round) = entries.round() else { return html! {} };
    html! {
        section #enter data-live="" {
            h2 { "Enter your score" }
            form method="post" action={ (frame.base) "/enter" } {
                input type="hidden" name="round" value=(round);
                label for="player" { "Your name" }
                select #player name="player" required {
                    option value="" { "Choose…" }
                    @for (player, _) in entries.table(s) {
                        option value=(player) selected[player == form.player] { (player) }
                    }
                }
                label for="score" { "Your score" }
                input #score type="text" name="score" value=(form.score) autocomplete="off"
                    autocapitalize="off" spellcheck="false" required
                    placeholder="12, 13+9+4, out, K 9 4, or the whole hand";
                label.tick { input type="checkbox" name="out" value="1" checked[form.out]; " I went out first" }
                @if let Some(error) = &form.error { p.error { (error) } }
                button { "Enter" }
            }
        }
    }
}

/// The scorer's confirmation, once every score is in.
fn confirm_form(frame: &Frame, s: &Session, entries: &PhoneEntries, form: &EntryForm) -> Markup {
    let line = entries.line(s);
    let penalty = s.rules().bad_go_out_penalty();
    html! {
        section #confirm data-live="" {
            h2 { "Record the round" }
            @match (&line, entries.round()) {
                (Some(line), Some(round)) => {
                    p { "Every score is in: " strong { (line) } }
                    form method="post" action={ (frame.base) "/confirm" } {
                        input type="hidden" name="round" value=(round);
                        @if penalty > 0 {
                            p { "Bad go-out (+" (penalty) " each):" }
                            @for (player, _) in entries.table(s) {
                                label.tick { input type="checkbox" name="penalty" value=(player); " " (player) }
                            }
                        }
                        label for="pin" { "The scorer's PIN (on the terminal running three13 serve)" }
                        input #pin type="password" name="pin" inputmode="numeric" autocomplete="off" required;
                        @if let Some(error) = &form.confirm_error { p.error { (error) } }
                        button { "Record " (round_name(s, round)) }
                    }
                }
                _ => {
                    @let waiting = entries.waiting(s);
                    @if waiting.is_empty() {
                        p { "Nothing to record." }
                    } @else {
                        p { "Waiting for " (and_list(&names(&waiting))) "; then the scorer records the round here with the PIN, or on the terminal." }
                    }
                    @if let Some(error) = &form.confirm_error { p.error { (error) } }
                }
            }
        }
    }
}

/// The TV page: the round, the wild, the dealer and the standings, large.
pub(crate) fn tv(frame: &Frame, s: &Session) -> String {
    let t = SheetView::new(s);
    let src = format!("{}/tv", frame.base);
    let body = html! {
        main {
            div #now data-live="" {
                p.title { (t.session) }
                @match &t.next {
                    Some(next) => {
                        div { div.label { (next.title()) " · " (next.cards) " cards" } }
                        div.wild { div.big { (wild_figure(&next.wilds_short)) } div.label { (next.wilds) " wild" @if next.doubled { " · scores double" } } }
                        p.deal { (next.dealer) " deals · " (next.first) " plays first" }
                    }
                    None if t.ending.over() => {
                        p.over { "Game over" }
                        p.deal { (game_over(&t)) }
                    }
                    None => {
                        // Who draws; the command to record the draw is for the scorer.
                        p.over { "The tiebreak" }
                        @if let Some(line) = t.ending.lines(&|c| c.symbol()).first() { p.deal { (line.text) } }
                    }
                }
            }
            (standings(&t, "places"))
        }
    };
    page(frame, &format!("{} · TV · three13", t.session), "tv", Some(&src), body)
}

/// The season page, for the TV at the club: the standings by the club's
/// points, the ratings shown, the records; from the season the terminal's
/// `three13 league` works out, its sentences the same.
pub(crate) fn season(frame: &Frame, o: &crate::app::league::Outcome) -> String {
    let (s, l) = (&o.season, &o.league);
    let src = format!("{}/season", frame.base);
    let base = frame.base;
    let points = three13_core::league::PointsTable::parse(&s.points).unwrap_or_default();
    let shown = |x: f64| three13_core::league::number(x);
    let table = |list: &[three13_core::league::Standing], id: &str, title: &str| {
        html! {
            section id=(id) data-live="" {
                h2 { (title) }
                table.places {
                    tr { th { "Place" } th.name { "Player" } th { "Points" } th { "Games" } th { "Wins" } }
                    @for (i, st) in list.iter().enumerate() {
                        tr.first[i == 0] {
                            td { (i + 1) } td.name { (st.name) } td { (shown(st.points)) }
                            td { (st.games) } td { (st.wins) }
                        }
                    }
                }
            }
        }
    };
    let body = html! {
        header {
            h1 { "Season " (s.name) }
            p.rules { (s.game) " · " (l.games) " finished games · " (s.since) " to " (s.until) }
            p.rules { "Points: " (points.summary()) }
            nav {
                a href={ (base) "/" } { "Score sheet" }
                a href={ (base) "/tv" } { "TV" }
                a href={ (base) "/check" } { "Check a hand" }
            }
        }
        main {
            @if l.games == 0 {
                section #season-standings data-live="" {
                    p { "No finished game in this season yet; a game counts once its last round is recorded." }
                }
            } @else {
                @if l.standings.is_empty() {
                    section #season-standings data-live="" {
                        h2 { "Standings" }
                        p { (s.all_guests()) }
                    }
                } @else {
                    (table(&l.standings, "season-standings", "Standings"))
                }
                @if !l.guests.is_empty() {
                    (table(&l.guests, "season-guests", "Guests"))
                }
                section #season-ratings data-live="" {
                    h2 { "Ratings" }
                    p.label { "Weng-Lin: mu - 3 sigma, shown after " (s.min_games) " games" }
                    table.places {
                        tr { th.name { "Player" } th { "Rating" } th { "mu" } th { "sigma" } th { "Games" } }
                        @for r in &l.ratings {
                            tr {
                                td.name { (r.name) }
                                td { @match r.display { Some(d) => (format!("{d:.1}")), None => "-" } }
                                td { (format!("{:.1}", r.mu)) } td { (format!("{:.1}", r.sigma)) } td { (r.games) }
                            }
                        }
                    }
                }
                section #season-records data-live="" {
                    h2 { "Records" }
                    ul {
                        @for line in crate::report::league::records(l) { li { (line) } }
                    }
                }
            }
        }
    };
    page(frame, &format!("Season {} · three13", s.name), "season", Some(&src), body)
}

/// How the checker's cards are typed, on the session's deck.
fn how_cards_are_typed(rules: &three13_core::rules::Rules) -> String {
    let deck = rules.deck();
    let mut text = String::from("Cards are rank then suit: 7d 10c KS Q♥");
    if deck.has_suit(three13_core::card::Suit::Stars) {
        text.push_str(", and 5r or 5★ for the stars");
    }
    if rules.jokers() > 0 {
        text.push_str("; JK is a joker");
    }
    text.push_str(&format!("; {}.", deck.rank_hint()));
    text
}

/// The hand checker's page, with the answer to the hand asked about.
pub(crate) fn checker(
    frame: &Frame,
    s: &Session,
    asked: &Asked,
    answer: Option<Result<CheckView, &str>>,
) -> String {
    let t = SheetView::new(s);
    let chosen = super::checker::deal_of(s, asked.round).map(|d| d.round).ok();
    let mut rounds = s.deals();
    if let Some(next) = s.next_deal().filter(|d| d.round > rounds.len()) {
        rounds.push(next);
    }
    let body = html! {
        (header(frame, &t))
        main {
            section {
                h2 { "Check a hand" }
                form method="get" action={ (frame.base) "/check" } {
                    label for="hand" { "The cards" }
                    input #hand type="text" name="hand" value=(asked.hand) autocomplete="off"
                        autocapitalize="off" spellcheck="false" required
                        placeholder="7d 10c KS QS 5c, or groups: 5h 6h 7h | 9c 9d 9s";
                    @let deck = s.rules().deck();
                    @let all: Vec<Card> = deck.cards().collect();
                    div #grid .grid .s4[deck.suits().len() < 5] .s5[deck.suits().len() >= 5] hidden
                        data-cards=(all.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" "))
                        data-shown=(all.iter().map(|c| c.symbol()).collect::<Vec<_>>().join(" "))
                        data-red=(all.iter().map(|c| if c.suit().is_some_and(|s| s.is_red()) { "1" } else { "0" }).collect::<Vec<_>>().join(" "))
                        data-copies=(s.rules().decks())
                        data-jokers=(u32::from(s.rules().jokers()) * u32::from(s.rules().decks())) {}
                    label for="round" { "Round" }
                    select #round name="round" {
                        @for d in &rounds {
                            option value=(d.round) selected[chosen == Some(d.round)] {
                                (round_name(s, d.round)) ": " (d.cards) " cards, " (s.rules().wilds(d.wild)) " wild"
                            }
                        }
                    }
                    button { "Check" }
                }
                script nonce=(frame.nonce) { (PreEscaped(GRID_SCRIPT)) }
                p { small { (how_cards_are_typed(&s.rules())) " A hand with one card more is the hand after the draw. Groups between | are judged as laid down." } }
            }
            @match &answer {
                Some(Ok(view)) => (checked_hand(view)),
                Some(Err(error)) => section #answer { p.error { (error) } },
                None => {}
            }
        }
    };
    page(frame, &format!("Check a hand · {} · three13", t.session), "check", None, body)
}

/// A sentence of the check's view, its cards marked up.
fn said(s: &Said) -> Markup {
    use crate::report::check::Bit;
    html! {
        @for bit in &s.0 {
            @match bit {
                Bit::Text(t) => (t),
                Bit::Card(c) => (card(*c)),
            }
        }
    }
}

/// A sentence in its tone: good news green, a warning red.
fn toned(tone: Tone, s: &Said) -> Markup {
    html! {
        @match tone {
            Tone::Good => p.good { (said(s)) },
            Tone::Warn => p.red { (said(s)) },
        }
    }
}

/// A hand's cards, melds, cards left over and their points.
fn arrangement(a: &Arrangement) -> Markup {
    html! {
        dl.hand {
            dt { "Hand" } dd { (cards(&a.hand)) }
            dt { "Melds" }
            dd {
                @if a.melds.is_empty() { "none" }
                @for (i, m) in a.melds.iter().enumerate() {
                    @if i > 0 { br; }
                    (said(m))
                }
            }
            dt { "Unmelded" }
            dd {
                @match &a.unmelded {
                    None => "none",
                    Some(u) => (said(u)),
                }
            }
        }
        @if let Some(no) = &a.no_lay_off { p { (said(no)) } }
    }
}

/// The answer of `check` for one hand, from the view `check` prints.
fn checked_hand(v: &CheckView) -> Markup {
    html! {
        section #answer {
            h2 { (said(&v.head)) }
            @if let Some(u) = &v.upcard {
                p { strong { (said(&u.advice)) } }
                p { (said(&u.taking)) }
                p { (said(&u.drawing)) }
            }
            @if let Some(d) = &v.declared {
                h2 { "Declared" }
                ul.in {
                    @for g in &d.groups {
                        li {
                            (cards(&g.cards)) ": "
                            @if g.meld { span.good { (said(&g.verdict)) } }
                            @else { span.red { (said(&g.verdict)) } }
                        }
                    }
                }
                @if let Some((tone, s)) = &d.goes_out { (toned(*tone, s)) }
                p { (said(&d.deadwood)) }
            }
            @if let Some(l) = &v.lay_down { p { (said(l)) } }
            (arrangement(&v.arrangement))
            (toned(v.outcome.0, &v.outcome.1))
            @for l in &v.outs { p { (said(l)) } }
            @if let Some(rows) = &v.discards {
                div.scroll {
                    table.discards {
                        tr {
                            th.name.c1 { "Discard" } th.c2 { "Left" }
                            @if rows.iter().any(|r| r.next.is_some()) {
                                th.name.c3 { "Outs" } th.c4 { "Unseen" } th.c5 { "Chance" }
                            }
                            @if v.look_two { th.c6 { "Two draws" } }
                        }
                        @for r in rows {
                            tr {
                                td.name.c1 { (card(r.card)) }
                                td.c2 { (r.left) }
                                @if let Some(n) = &r.next {
                                    td.name.outs.c3 {
                                        @match &n.outs {
                                            OutsCell::None => "none",
                                            OutsCell::Any => "any card",
                                            OutsCell::Cards(outs) => (cards(outs)),
                                        }
                                    }
                                    td.c4 { (n.unseen) }
                                    td.c5 { (n.chance) }
                                    @if let Some(two) = &n.two { td.c6 { (two) } }
                                }
                            }
                        }
                    }
                }
            }
            // A hint names a flag of the command line, which the page has not.
            @for line in &v.advice {
                @if let AdviceLine::Figures(s) = line { p { (said(s)) } }
            }
        }
    }
}

/// A round in full, as `three13 show` gives it: the deal, each player's
/// score and what else happened, the hands typed with their melds.
pub(crate) fn round(frame: &Frame, s: &Session, shown: Result<Shown, String>) -> String {
    let t = SheetView::new(s);
    let title = shown.as_ref().map_or_else(|_| "A round".to_string(), Shown::heading);
    let body = html! {
        (header(frame, &t))
        main {
            @match &shown {
                Ok(shown) => {
                    @let deadwood = shown.deadwood_shown();
                    @let notes = shown.scores.iter().any(|l| !shown.notes(l.seat).is_empty());
                    section #round {
                        h2 { (shown.heading()) }
                        table.places {
                            tr {
                                th.name { "Player" }
                                @if deadwood { th { "Deadwood" } }
                                @if !shown.tiebreak { th { "Points" } th { "Total" } }
                                @if notes { th {} }
                            }
                            @for line in &shown.scores {
                                tr {
                                    td.name { (shown.player(line.seat)) }
                                    @if deadwood { td { (line.deadwood) } }
                                    @if !shown.tiebreak {
                                        td { (line.points) }
                                        td { @if let Some(total) = line.total { (total) } }
                                    }
                                    @if notes { td.name.outs { (shown.notes(line.seat)) } }
                                }
                            }
                        }
                        @for &p in &shown.joiners {
                            p {
                                (shown.player(p)) " joined: started from "
                                (crate::report::start_origin(s, p, s.starts()[p])) "."
                            }
                        }
                        @for (seat, hand, a) in &shown.hands {
                            p { (shown.player(*seat)) ": " (cards(hand)) }
                            ul.in {
                                @for m in &a.melds { li { (said(&crate::report::check::meld(m))) } }
                                li { (shown.left_over(a, &|c| c.symbol())) }
                            }
                        }
                    }
                }
                Err(error) => section #round { p.error { (error) } },
            }
        }
    };
    page(frame, &format!("{title} · three13"), "round", None, body)
}

/// A page saying what is wrong: the session does not load.
pub(crate) fn trouble(frame: &Frame, message: &str) -> String {
    let body = html! {
        main {
            section #trouble data-live="" {
                h2 { "The session cannot be shown" }
                p.error { (message) }
                p { "This page tries again by itself when the file changes." }
            }
        }
    };
    page(frame, "three13", "game", Some(&format!("{}/", frame.base)), body)
}

/// A card to tap, or shown as one: large, red suits in red.
fn playing(c: Card) -> Markup {
    let red = c.suit().is_some_and(|s| s.is_red());
    html! { span.playing.red[red] { (c.symbol()) } }
}

/// The longest name drilled under, in characters.
pub(crate) const MAX_NAME: usize = 40;
/// Positions in a run of the page.
pub(crate) const COUNT: usize = 5;

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
    pub(crate) error: Option<String>,
}

/// What the start form shows: what was typed, and why it was refused.
#[derive(Debug, Default)]
pub(crate) struct StartForm {
    pub(crate) name: String,
    pub(crate) seed: String,
    pub(crate) error: Option<String>,
}

/// The stamp of a question, carried by its form: an answer sent for a
/// question already answered (a second tap) is not taken for the next.
pub(crate) fn stamp(q: &Question) -> String {
    format!("{}-{}-{}", q.number, q.id, q.ask.word())
}

/// The drill's first page: a name typed or picked, the runs going on.
pub(crate) fn drill_start(frame: &Frame, s: &Session, form: &StartForm, going: &[String]) -> String {
    let t = SheetView::new(s);
    let base = frame.base;
    let body = html! {
        (header(frame, &t))
        main {
            section #start {
                h2 { "Drill" }
                p {
                    "Positions of real rounds under this session's rules: take or draw, then the discard, "
                    "each answer graded in points lost against the coach. "
                    (COUNT) " positions a run; the attempts are rated as on the terminal."
                }
                @if let Some(error) = &form.error { p.error #error { (error) } }
                form method="post" action={ (base) "/drill" } {
                    input type="hidden" name="do" value="start";
                    @if !s.players().is_empty() {
                        p.label { "Who drills?" }
                        div.pick {
                            @for p in s.players() {
                                button name="pick" value=(p) { (p) }
                            }
                        }
                    }
                    label for="name" { @if s.players().is_empty() { "Your name" } @else { "Or another name" } }
                    input #name type="text" name="name" value=(form.name) maxlength=(MAX_NAME)
                        autocomplete="off" autocapitalize="words" spellcheck="false";
                    details open[!form.seed.is_empty()] {
                        summary { "Seed" }
                        label for="seed" { "The same seed deals the same positions (empty: the position of the day first)" }
                        input #seed type="text" name="seed" value=(form.seed) inputmode="numeric" autocomplete="off";
                    }
                    button { "Start" }
                }
            }
            @if !going.is_empty() {
                section #going {
                    h2 { "Drilling now" }
                    ul.in {
                        @for name in going {
                            li { a href={ (base) "/drill?name=" (super::encode(name)) } { (name) } }
                        }
                    }
                }
            }
        }
    };
    page(frame, &format!("Drill · {} · three13", t.session), "drill", None, body)
}

/// A run's page: the last answer's grade, the question (the hand's cards
/// to tap), or the summary once the run is over.
pub(crate) fn drill_run(
    frame: &Frame,
    s: &Session,
    name: &str,
    seen: &Seen,
    on: bool,
    budget: usize,
    error: Option<&str>,
) -> String {
    use crate::app::drill::Ask;
    let t = SheetView::new(s);
    let base = frame.base;
    let last = seen.last.last();
    // After a discard, its grade is read before the next position.
    let review = !on && last.is_some_and(|g| g.ask == Ask::Discard);
    let body = html! {
        (header(frame, &t))
        main {
            section #who {
                h2 { "Drill · " (name) }
                p.rules {
                    @if let Some(n) = if review { last.map(|g| g.number) } else { seen.question.as_ref().map(|q| q.number) } {
                        "Position " (n) " of " (COUNT) " · "
                    }
                    "seed " (seen.seed) " · the coach on " (budget) " deals an option"
                }
            }
            @if let Some(error) = error.or(seen.error.as_deref()) { section #error { p.error { (error) } } }
            @if let Some(g) = last.filter(|g| review || g.ask == Ask::TakeOrDraw && seen.question.as_ref().is_some_and(|q| q.ask == Ask::Discard)) {
                (drill_grade(g))
            }
            @if let Some(note) = &seen.not_kept {
                section { p.error { "This attempt was not kept: " (note) } }
            }
            @if review {
                section #on {
                    a.go href={ (base) "/drill?name=" (super::encode(name)) "&on=1" } {
                        @if seen.question.is_some() { "Next position" } @else { "The summary" }
                    }
                }
            } @else {
                @match &seen.question {
                    Some(q) => (drill_question(frame, name, q, &seen.rules)),
                    None => (drill_summary(frame, name, &seen.summary)),
                }
            }
        }
    };
    page(frame, &format!("Drill · {name} · three13"), "drill", None, body)
}

fn drill_question(
    frame: &Frame,
    name: &str,
    q: &crate::app::drill::Question,
    rules: &three13_core::rules::Rules,
) -> Markup {
    use crate::app::drill::Ask;
    let game = if q.game == "five-crowns" { "Five Crowns" } else { "Three Thirteen" };
    let options: Vec<&str> = q.options.iter().map(String::as_str).collect();
    html! {
        section #position {
            h2 {
                @if q.ask == Ask::TakeOrDraw { "Take or draw?" } @else { "Your discard" }
            }
            dl.hand {
                dt { "Round" } dd { (game) " round " (q.round) ", " (rules.wilds(q.wild)) " wild" }
                dt { "Players" } dd { (q.players) ", turn " (q.turn + 1) @if q.last_turn { "; someone went out: the last turn" } }
                dt { "Face up" } dd { @match q.face_up { Some(c) => (card(c)), None => "none" } }
                @if !q.seen.is_empty() { dt { "Seen" } dd { (cards(&q.seen)) } }
                @if !q.laid_down.is_empty() {
                    dt { "Table" }
                    dd {
                        @for (i, m) in q.laid_down.iter().enumerate() { @if i > 0 { " | " } (cards(m)) }
                        @if q.lay_off { " (laid down; lay off onto them)" } @else { " (laid down)" }
                    }
                }
                @if !q.themes.is_empty() {
                    dt { "Themes" }
                    dd { @for (i, t) in q.themes.iter().enumerate() { @if i > 0 { ", " } (t.word()) } }
                }
            }
            @if q.ask == Ask::TakeOrDraw {
                p.label { "Your hand" }
                div.tap #hand { @for &c in &q.hand { (playing(c)) " " } }
                form.answers method="post" action={ (frame.base) "/drill" } {
                    input type="hidden" name="do" value="answer";
                    input type="hidden" name="name" value=(name);
                    input type="hidden" name="step" value=(stamp(q));
                    button name="answer" value="take" {
                        "Take " @if let Some(c) = q.face_up { (card(c)) }
                    }
                    button name="answer" value="draw" { "Draw from the stock" }
                }
            } @else {
                @if let Some(drawn) = q.drawn {
                    p #drawn {
                        @if q.taken { "You took the face-up " } @else { "You drew " }
                        span.playing.small.red[drawn.suit().is_some_and(|s| s.is_red())] { (drawn.symbol()) }
                        @if !q.taken { " from the stock" }
                        ". Tap the card to discard:"
                    }
                }
                form method="post" action={ (frame.base) "/drill" } {
                    input type="hidden" name="do" value="answer";
                    input type="hidden" name="name" value=(name);
                    input type="hidden" name="step" value=(stamp(q));
                    div.tap #hand {
                        @for (i, &c) in q.hand.iter().enumerate() {
                            @let red = c.suit().is_some_and(|s| s.is_red());
                            @let drawn = i + 1 == q.hand.len();
                            button.playing.red[red].drawn[drawn] name="answer" value=(c.ascii())
                                disabled[!options.contains(&c.ascii().as_str()) || (drawn && q.taken)] {
                                (c.symbol())
                            }
                        }
                    }
                }
                @if q.taken { p { small { "The card taken from the face-up pile cannot go back on it." } } }
            }
        }
    }
}

/// An answer: take, draw or the card.
fn answer_shown(a: crate::app::drill::Answer) -> Markup {
    match a {
        crate::app::drill::Answer::Discard(c) => card(c),
        other => html! { (other.text()) },
    }
}

/// A grade: the points lost, the best answer, each option's expected
/// points with its interval, the melds the best keeps.
fn drill_grade(g: &crate::app::drill::Graded) -> Markup {
    use crate::app::drill::Ask;
    use crate::report::drill::{page_figure as figure, right_note, tags};
    let answer = answer_shown;
    html! {
        section #grade {
            h2 {
                @if g.ask == Ask::TakeOrDraw { "Take or draw: " } @else { "The discard: " }
                (answer(g.answer))
            }
            @if g.right() {
                @let note = right_note(g);
                p.verdict.good { (note[..1].to_uppercase()) (note[1..]) ", nothing lost" }
            } @else {
                p.verdict { span.red { (figure(g.points_lost)) " points lost" } "; the best is " (answer(g.best)) }
            }
            div.scroll {
                table.options {
                    tr {
                        th.name { "Answer" }
                        @if g.exact { th { "Points" } } @else { th { "Expected" } th { "95% interval" } }
                        th.name {}
                    }
                    @for f in &g.options {
                        tr {
                            td.name { (answer(f.option)) }
                            td { (figure(f.mean)) }
                            @if !g.exact { td { (figure(f.low)) " to " (figure(f.high)) } }
                            td.name { small { (tags(g, f).join(", ")) } }
                        }
                    }
                }
            }
            @if !g.keeps.is_empty() {
                p { "The best keeps: "
                    @for (i, m) in g.keeps.iter().enumerate() {
                        @if i > 0 { " | " }
                        (cards(m))
                    }
                }
            }
            @if g.exact && g.ask == Ask::TakeOrDraw {
                p { small { "Points at the end of the round, exact: the last turn, drawing weighed over every unseen card." } }
            } @else if g.exact {
                p { small { "Points at the end of the round, exact: the last turn, the deadwood of the hand kept." } }
            } @else {
                p { small { "Expected points at the end of the round, by the coach's seeded deals." } }
            }
        }
    }
}

fn drill_summary(frame: &Frame, name: &str, s: &crate::app::drill::Summary) -> Markup {
    use crate::app::drill::Ask;
    use crate::report::drill::page_figure as figure;
    html! {
        section #summary {
            h2 { "Summary" }
            p {
                (s.decisions) " decisions over " (s.positions) " positions, "
                (figure(s.points_lost)) " points lost, " (figure(s.per_decision)) " per decision."
            }
            @match &s.worst {
                Some(w) => p {
                    "The worst: position " (w.number) ", "
                    @if w.ask == Ask::TakeOrDraw { "take or draw, " } @else { "the discard, " }
                    (answer_shown(w.answer)) ": " (figure(w.points_lost)) " points lost (the best: "
                    (answer_shown(w.best)) ")."
                },
                None if s.decisions > 0 => p.good { "Every answer was the best within the noise." },
                None => {}
            }
            @if !s.missed.is_empty() {
                p { small { (s.missed.len()) " positions missed; " code { "three13 drill --again --name " (name) } " replays them." } }
            }
            form method="post" action={ (frame.base) "/drill" } {
                input type="hidden" name="do" value="start";
                input type="hidden" name="name" value=(name);
                input type="hidden" name="new" value="1";
                button { "Another run" }
            }
        }
    }
}

/// A run being dealt or graded: the page looks again each second.
pub(crate) fn drill_wait(frame: &Frame, s: &Session, name: &str) -> String {
    let t = SheetView::new(s);
    let base = frame.base;
    let body = html! {
        (header(frame, &t))
        main {
            section #who {
                h2 { "Drill · " (name) }
                p #wait.wait { "The coach is at work: dealing or grading. This page looks again each second." }
                a href={ (base) "/drill?name=" (super::encode(name)) } { "Look again" }
            }
        }
    };
    page_in(frame, &format!("Drill · {name} · three13"), "drill", None, Some(1), body)
}
