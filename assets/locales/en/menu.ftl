# The main menu, the new game's choices and the settings (menu-*).
menu-waiting-title = Start a new game?
menu-waiting-text = An unfinished game is waiting in "Resume last game". The new game takes its place with your first move.
menu-dont-ask = Don't ask again
menu-dont-ask-tip = New game, Restart, Main menu, Quit and Load act at once (Settings)
menu-new-game = New game
menu-resume-it = Resume it
menu-resume-it-tip = Go on with the waiting game instead
menu-cancel = Cancel
menu-exhibition-waiting-title = Resume the exhibition?
menu-exhibition-waiting-text = An unfinished exhibition is waiting. Resume it, or start a new one with the presets chosen here: it takes the waiting one's place with its first move.
menu-new-exhibition = New exhibition
menu-resume-exhibition-tip = Go on with the waiting exhibition, at its own presets, where it was left
menu-play = Play
menu-new-game-tip = Start a game with the choices on the right: against a person at this screen, against the AI, or AI against AI
menu-games = Games
menu-games-tip = Every game record in a folder (boardspace .sgf, .pgn, saved games): sort, filter by player, open one or have the engine review it
menu-learn = Learn to play
menu-learn-tip = Short lessons on the board, from placing a first piece to a first game against the Beginner AI
menu-puzzles = Puzzles
menu-puzzles-tip = Positions with one winning move, proved by the engine: find it and play it out against the engine's defence
menu-analysis-board = Analysis board
menu-analysis-board-tip = An empty board where you play both sides and the engine shows its verdict and best line (Import… for a position)
menu-analysis-board-resume-tip = The analysis board as you left it, where you play both sides and the engine shows its verdict and best line (Restart there for an empty board)
menu-quit = Quit
menu-quit-tip = Close the game (an unfinished game waits in "Resume last game")
menu-opponent = Opponent
menu-opponent-tip = Who plays against whom in a new game
menu-human = Human
menu-human-tip = Two people taking turns at this screen
menu-ai = AI
menu-ai-tip = You against the computer
menu-ai-vs-ai = AI vs AI
menu-ai-vs-ai-tip = Watch the computer play itself; pause, step and change its speed as it plays
menu-ai-level = AI level
menu-ai-level-tip = How strongly the AI plays: Beginner makes mistakes on purpose, Expert thinks longest
# The player's rating against the AI's levels (Glicko-2, from games
# against a level played from the start to the end).
menu-rating = Your rating
menu-rating-tip = How strong you play against the AI's levels, from every game you finished against one (started from the beginning); each level has its rating on the same scale
menu-rating-none = not rated yet: finish a game against a level
# $rating: the number and its range, e.g. "1532 ± 240".
menu-rating-now = { $rating } ({ $games ->
    [one] one game
   *[other] { $games } games
})
menu-rating-range-tip = Your rating and the range your strength most likely lies in; the range narrows with each game. The line is its history.
menu-rating-try = Try { $level }
menu-rating-try-tip = You would score about { $percent }% against { $level }: a level you can beat, though not every time
# A level in the list with its rating.
menu-level-rated = { $level } ({ $rating })
# The same with hivegame.com's bot (nokamute searching to $depth) nearest its rating.
menu-level-rated-bot = { $level } ({ $rating }, like hivegame.com's depth-{ $depth } bot)
menu-you-play = You play
menu-you-play-tip = Your colour against the AI; White moves first
menu-random-tip = A coin toss picks your colour
menu-white-first-tip = White moves first
menu-exhibition-tip = The level of each side in an exhibition
menu-white = White
menu-black = Black
menu-random = Random
menu-ai-cells = AI shows its cells
menu-ai-cells-tip = Before it moves, the AI marks the cells it considered for the piece it chose, in their own colour (they cannot be clicked)
menu-clock = Clock
menu-clock-tip = Time each side: minutes per player plus seconds added after each move; running out of time loses
menu-clock-pause = Clocks stop while the window is not focused
menu-clock-pause-tip = Switching to another window pauses both clocks
menu-expansions = Expansions
menu-expansions-tip = Extra bugs, one of each per side, in any mix
menu-mosquito-tip = Moves like any bug it touches (Base+M)
menu-ladybug-tip = Two steps over the hive, then one down (Base+L)
menu-pillbug-tip = Steps like a Queen, or throws a neighbour over itself (Base+P)
menu-animations = Animations
menu-animations-tip = How fast pieces slide to their cells
menu-rules = Rules
menu-rules-tip = Optional rules: point at each to see what it does
menu-clock-none = None
menu-clock-custom = Custom
menu-subtitle = the board game of bugs on hexagons

menu-language = Language
menu-language-tip = The language of the game's words; the system's is used until you pick one
menu-language-system = System ({ $name })
menu-clock-custom-value = Custom ({ $control })
menu-minutes-suffix = { " " }min
menu-seconds-suffix = { " " }s
menu-speed-slow = Slow
menu-speed-normal = Normal
menu-speed-fast = Fast
menu-speed-off = Off
menu-considered-easy = At Beginner and Easy
menu-considered-always = Always
menu-considered-never = Never
difficulty-beginner = Beginner
difficulty-easy = Easy
difficulty-medium = Medium
difficulty-hard = Hard
difficulty-expert = Expert
menu-sound = Sound
menu-sound-tip = The sounds of pieces, refused moves, the AI's moves, the clock's last seconds and the end of a game
menu-sound-on = On
menu-sound-on-tip = Untick to silence every sound (the volume is kept)
menu-sound-volume = Volume
menu-sound-volume-tip = How loud the sounds play
menu-theme = Theme
menu-theme-tip = How the board, the pieces and the sounds look and sound: the built-in themes, then yours (made with `hive theme new NAME`, in the themes folder of the game's data folder)
menu-theme-yours = { $name } (yours)
