complete --keep-order --exclusive --command three13 --arguments "(COMPLETE=fish three13 -- (commandline --current-process --tokenize --cut-at-cursor) (commandline --current-token))"
