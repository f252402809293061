
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'three13' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'three13'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'three13' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Start a game: players in seat order, the first dealer, the rules')
            [CompletionResult]::new('round', 'round', [CompletionResultType]::ParameterValue, 'Record the next round: each player''s deadwood, or the hand they held')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'The running score table: every round, totals, the leader or winner')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Remove the last recorded round')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Correct one score of a recorded round')
            [CompletionResult]::new('sessions', 'sessions', [CompletionResultType]::ParameterValue, 'List the sessions, the current one marked')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make another session the current one')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a session')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'Show the rules in force and the round table')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Players'' records over every finished game')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a session''s rounds as CSV or JSON')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the data folder and the current session''s file')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'three13;check' {
            [CompletionResult]::new('--round', '--round', [CompletionResultType]::ParameterName, 'The round the hand is from [default: inferred from the number of cards]')
            [CompletionResult]::new('--wild', '--wild', [CompletionResultType]::ParameterName, 'The round''s wild rank (A 2-10 J Q K), which picks the round')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Use this session''s rules and next round [default: the current session''s, when nothing else is named]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'Use this session''s rules and next round [default: the current session''s, when nothing else is named]')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Start from a preset: standard, tens or strict [default: the session''s rules, else standard]')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)')
            [CompletionResult]::new('--onto', '--onto', [CompletionResultType]::ParameterName, 'A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)')
            [CompletionResult]::new('--seen', '--seen', [CompletionResultType]::ParameterName, 'Cards seen out of the stock: the discard pile, melds shown by others (repeatable)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'One JSON object per hand')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;new' {
            [CompletionResult]::new('-p', '-p', [CompletionResultType]::ParameterName, 'A player, in seat order (repeat for each player)')
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'A player, in seat order (repeat for each player)')
            [CompletionResult]::new('--dealer', '--dealer', [CompletionResultType]::ParameterName, 'The player who deals round 1 [default: the first player]')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Start from a preset: standard, tens or strict [default: the session''s rules, else standard]')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;round' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'The first player to go out (their deadwood must be 0)')
            [CompletionResult]::new('--penalty', '--penalty', [CompletionResultType]::ParameterName, 'A player who declared out with a hand that does not meld (repeatable)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;table' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The table as one JSON object')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;undo' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask; needed when stdin is not a terminal')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask; needed when stdin is not a terminal')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;edit' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;sessions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The list as a JSON array')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;use' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;delete' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask; needed when stdin is not a terminal')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask; needed when stdin is not a terminal')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;rules' {
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Change one setting, e.g. --set decks=3 (repeatable)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The rules and the round table as one JSON object')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;stats' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'The records as one JSON object')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;export' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'The format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of stdout')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;path' {
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to act on [default: the current one]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to use colour: auto (on a terminal, unless NO_COLOR is set), always, never')
            [CompletionResult]::new('--data-dir', '--data-dir', [CompletionResultType]::ParameterName, 'The data folder [default: THREE13_DATA_DIR, else the system''s data folder]')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Write cards in ASCII (7d 10c Ks) even on a terminal')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'three13;help' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a hand: minimum deadwood, melds, best discard, outs, a declared hand judged')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Start a game: players in seat order, the first dealer, the rules')
            [CompletionResult]::new('round', 'round', [CompletionResultType]::ParameterValue, 'Record the next round: each player''s deadwood, or the hand they held')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'The running score table: every round, totals, the leader or winner')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Remove the last recorded round')
            [CompletionResult]::new('edit', 'edit', [CompletionResultType]::ParameterValue, 'Correct one score of a recorded round')
            [CompletionResult]::new('sessions', 'sessions', [CompletionResultType]::ParameterValue, 'List the sessions, the current one marked')
            [CompletionResult]::new('use', 'use', [CompletionResultType]::ParameterValue, 'Make another session the current one')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a session')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'Show the rules in force and the round table')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Players'' records over every finished game')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write a session''s rounds as CSV or JSON')
            [CompletionResult]::new('path', 'path', [CompletionResultType]::ParameterValue, 'Print the data folder and the current session''s file')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'three13;help;check' {
            break
        }
        'three13;help;new' {
            break
        }
        'three13;help;round' {
            break
        }
        'three13;help;table' {
            break
        }
        'three13;help;undo' {
            break
        }
        'three13;help;edit' {
            break
        }
        'three13;help;sessions' {
            break
        }
        'three13;help;use' {
            break
        }
        'three13;help;delete' {
            break
        }
        'three13;help;rules' {
            break
        }
        'three13;help;stats' {
            break
        }
        'three13;help;export' {
            break
        }
        'three13;help;path' {
            break
        }
        'three13;help;completions' {
            break
        }
        'three13;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
