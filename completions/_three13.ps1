
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
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a hand: minimum deadwood, melds, best discard, outs')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'three13;check' {
            [CompletionResult]::new('--round', '--round', [CompletionResultType]::ParameterName, 'The round the hand is from [default: inferred from the number of cards]')
            [CompletionResult]::new('--wild', '--wild', [CompletionResultType]::ParameterName, 'The round''s wild rank (A 2-10 J Q K), which picks the round')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Start from a preset: standard, tens or strict [default: the session''s rules, else standard]')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Change one setting, e.g. --set decks=3 (repeatable; see `three13 rules`)')
            [CompletionResult]::new('--onto', '--onto', [CompletionResultType]::ParameterName, 'A meld already on the table, to lay cards off onto (repeatable; with lay_off=true)')
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
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check a hand: minimum deadwood, melds, best discard, outs')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'three13;help;check' {
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
