# The message line under the top bar (notice-*), and why a file could not
# be read or written (file-*). A message line starts in lower case: the
# game gives it its capital letter. See docs/languages.md.
#
# Sides come as $color (color-*) and $color-code (white or black), pieces
# as $piece (the piece message, "the white Ant (wA1)") with $piece-gender,
# a move in words as $move (the move-* messages), an AI level as
# $difficulty (difficulty-*), a file as $file (its path).

## Playing.

notice-passes = { $color } has no legal move and passes
notice-must-pass = { $color } has no legal move and must pass: press Pass
notice-out-of-time = { $color } ran out of time: { $winner } wins
notice-new-game = a new game: Undo brings back the one you left
notice-no-pieces-in-hand = { $color } has no pieces in hand
notice-game-back = the game you left is back
notice-timed-no-undo = moves cannot be taken back in a timed game

## Selecting a piece. $pick: how the player picks a cell with the device
## used last (notice-pick-*); $device: mouse, keyboard or gamepad.

notice-pick-mouse = click
notice-pick-keyboard = choose (arrows, then Enter)
notice-pick-gamepad = choose (d-pad, then A)
# $count: the piece's destinations (green cells).
notice-selected-move = selected { $piece }: { $pick } { $count ->
    [one] the green cell
   *[other] one of the { $count } green cells
} to move it there
notice-selected-place = selected { $piece }: { $pick } { $count ->
    [one] the green cell
   *[other] one of the { $count } green cells
} to place it there
# A Pillbug (or a Mosquito next to one) that can throw: $piece is the
# thrower, $pieces the pieces it can throw, as a list.
notice-can-throw = { $piece } can throw { $pieces } (ringed in orange): { $pick } one, then where it lands
# The same, when the thrower can also move; $throw is notice-can-throw.
notice-can-throw-or-move = { $pick } a green cell to move it, or { $throw }
# The same, when the thrower cannot move: $reason says why (a rule-* text).
notice-can-throw-but = { $reason }, but { $throw }
notice-choose-throw = choose where { $thrower } throws { $piece }

## The AI.

notice-ai-considers = { $color } AI ({ $difficulty }) considers { $piece }: { $destinations }
notice-hint-looking = the AI ({ $difficulty }) looks for a hint…
notice-hint-none = the AI found no move to suggest
notice-hint = hint ({ $difficulty }): { $move }
notice-hint-click = hint ({ $difficulty }): { $move }; click the green cell to play it
# $hint: notice-hint or notice-hint-click; $why: what the move changes (why-*.ftl);
# the -line one when it changes only along the AI's line, $moves moves after it.
notice-hint-why = { $hint }. Why: { $why }
notice-hint-why-line = { $hint }. Why: if the game goes on as the AI expects ({ $moves ->
    [one] one more move
   *[other] { $moves } more moves
}), { $why }
notice-exhibition-paused = Paused: Play goes on, Step plays one move

## Saving, loading, importing. $file: the file's path.

notice-saved = game saved to { $file }
notice-saved-variations = game and its variations saved to { $file }
notice-saved-pgn = game saved as PGN to { $file }
notice-no-autosave = there is no autosaved game
notice-resumed = your last game, where you left it
notice-resumed-analysis = the analysis board as you left it (Restart for an empty board)
notice-resumed-exhibition = the exhibition as you left it (Restart for a new one)
notice-loaded = loaded { $file }
notice-loaded-variations = loaded { $file } with its variations
notice-loaded-where-left = loaded { $file }, where it was left
notice-loaded-review = loaded { $file }: the Left and Right arrow keys step through it
notice-imported-record = record imported
notice-imported-variations = variations imported
notice-imported-gamestring = GameString imported: the Left and Right arrow keys step through it
# What a pasted text is called in a message about it (in place of a file).
notice-pasted-record = the pasted record
notice-pasted-text = the pasted text
notice-pasted-gamestring = the pasted GameString
# A record's players, after what was loaded ($message).
notice-record-players = { $message }: { $white } against { $black }
notice-record-reviewed = { $message }, with the engine's review
# $count: the lines (variations) of the game loaded.
notice-record-lines = { $message } ({ $count ->
    [one] 1 line
   *[other] { $count } lines
}): click a move in the list to go there
notice-cannot-list = cannot list { $folder }: { $error }
notice-settings-not-kept = the settings were not saved: the damaged file { $file } could not be kept aside as { $aside }: { $error }
notice-settings-kept-aside = the damaged settings file was kept as { $aside }; new settings saved

## The engine's review of a game.

notice-review-nothing = there is no move to review yet
notice-review-cancelled = review cancelled
notice-review-kept = the engine's review of this game, kept from before
# $summary: notice-review-clean, or a list of notice-review-count-*.
notice-review-done = review done: { $summary }
notice-review-clean = no inaccuracies, mistakes or blunders
notice-review-count-blunders = { $count ->
    [one] 1 blunder
   *[other] { $count } blunders
}
notice-review-count-mistakes = { $count ->
    [one] 1 mistake
   *[other] { $count } mistakes
}
notice-review-count-inaccuracies = { $count ->
    [one] 1 inaccuracy
   *[other] { $count } inaccuracies
}
# $moves: the engine's line, MoveStrings.
notice-review-line = the engine's line from here, { $moves }, is now a variation
notice-line-gone = that position is no longer in the move list
notice-line-empty = the line has no move
# $move: a MoveString; $error: why it cannot be read.
notice-line-unreadable = cannot read { $move }: { $error }
# $reason: the rule it breaks (a rule-* text).
notice-line-illegal = cannot play { $move }: { $reason }

## Lessons.

notice-step-done = well done! Next goes on
notice-lesson-done = well done: the lesson is finished! Next goes on to the next lesson
# Show me played the step's move: it does not count as the player's.
notice-step-shown = that is a move that does it. Retry to play it yourself (a step Show me did is not yours), or Next to go on
# The last step done, but Show me or Skip did some steps: the lesson is not ticked.
notice-lesson-over-helped = that was the last step, but Show me or Skip did some of the steps: play the lesson through with your own moves to have it ticked. Next goes on to the next lesson
# $hint: the step's hint.
notice-not-the-goal = that is a legal move, but not what this step asks. { $hint }
notice-lesson-won = { $color } wins: the lesson is finished. Next goes on
notice-lesson-drawn = a draw: the lesson is finished. Next goes on

## Puzzles. $title: the puzzle's title; $kind: what it asks (puzzles-kind-*).

notice-puzzle-start = { $title }: { $color } to move, { $kind }
notice-puzzle-hint = hint: { $hint }
notice-puzzle-piece = hint: this is the piece to play
notice-puzzle-solved = solved! Next puzzle, or back to the list
notice-puzzle-answering = right! The engine is answering…
# $move: the engine's reply; $count: the player's moves left.
notice-puzzle-defends = right! The engine defends: { $move }. { $count ->
    [one] 1 move
   *[other] { $count } moves
} to go
notice-puzzle-not-win = that does not win
notice-puzzle-not-stop = that does not stop the win
# $not: notice-puzzle-not-win or notice-puzzle-not-stop; $move: the reply.
notice-puzzle-answers = { $not }: the engine answers { $move }. Retry, or take a hint
notice-puzzle-wins-with = { $not }: the engine wins with { $move }. Retry, or take a hint
notice-puzzle-wrong = { $not }. Retry, or take a hint
# While the engine's reply is played.
notice-puzzle-replying = { $not }…

## Why a file could not be read or written. $file: the file; $error: what
## the system or the reader said, as it said it.

file-read = could not read { $file }: { $error }
file-write = could not save { $file }: { $error } (the previous file, if any, is unchanged)
file-remove = could not delete { $file }: { $error }
file-empty = { $file } is empty: it holds no game
file-not-a-game = { $file } is not a valid Hive game: { $error }
# $number: the move's number from 1; $move: the move as written.
file-bad-move = { $file } has a bad move: move { $number } ({ $move }) { $error }
# $reason: the rule the move breaks (a rule-* text).
file-illegal-move = { $file } has a bad move: move { $number } ({ $move }) is illegal: { $reason }
file-bad-line = { $file } line { $line }: { $error }
file-settings = the settings file { $file } is damaged ({ $error }); using the default settings
file-encode = could not write the settings for { $file }: { $error }
file-not-kept = { $file } is not a kept game: its { $what } cannot be read
# $size and $limit: in bytes.
file-too-large = { $file } is { $size } bytes, too large to be a game record (the limit is { $limit } bytes)
file-not-text = { $file } is not a text file: a game record is UTF-8 text
file-unknown-format = { $file } is not a game record: expected a boardspace.net SGF file, a PGN file, a UHP GameString or a variations file
# $text: what the line says.
file-bad-record = { $file } line { $line }: `{ $text }`: { $error }
# $text: the move as the record writes it.
file-illegal-record-move = { $file } line { $line }: move { $number } `{ $text }` is illegal: { $reason }
# $notation: the same move as a MoveString.
file-illegal-record-move-notation = { $file } line { $line }: move { $number } `{ $text }` ({ $notation }) is illegal: { $reason }
# $env: an environment variable.
file-no-directory = no directory to keep files in was found on this system; set { $env } to one
