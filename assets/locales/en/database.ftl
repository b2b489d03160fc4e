# The game database: the opening explorer, imports and search.

game-opening-explorer = Opening explorer (X)
game-opening-explorer-tip = The moves played from the position shown in the games of your database

database-unusable = The game database cannot be used: { $reason }
database-unknown-player = ?

explorer-title = Opening explorer
explorer-all-games = All games
explorer-all-games-tip = The database's games from this position, with your own moves above them
explorer-your-games = Your games
explorer-your-games-tip = Only your own games: the moves you made here and how you scored with each
explorer-opening = Opening the game database…
explorer-empty = The database holds no games yet. Import records on the Games screen (Database), for example boardspace.net's yearly zips of SGF files.
explorer-asking = Looking up the position…
explorer-no-moves = No game in the database reached this position.
# Why the explorer shows nothing for the position. $wanted / $type: the
# board's game type (Base+MLP); $held: what the database holds ("20 Base,
# 3 Base+M"); $without / $count: a number of games.
explorer-why-other-types = The database holds no { $wanted } game, only { $held }: start a game of one of those types (New game, Expansions) to explore it.
explorer-why-filtered = The filters hide the { $without ->
    [one] one game
   *[other] { $without } games
} that went on from here: clear them to see { $without ->
    [one] it
   *[other] them
}.
explorer-why-not-reached = None of the { $count ->
    [one] one { $type } game
   *[other] { $count } { $type } games
} in the database reached this position.
# What an empty filter field means, with an example of what to type.
explorer-filter-type-hint = any type (e.g. Base+MLP)
explorer-filter-from-hint = any date (e.g. 2015)
explorer-filter-to-hint = any date (e.g. 2024-06)
explorer-filter-player-hint = anyone
explorer-filter-rating-hint = any (e.g. 1500)
# The headings of a table of games (the explorer's, the search's).
database-column-white = White
database-column-black = Black
database-column-result = Result
database-column-date = Date
database-column-type = Type
database-column-turns = Turns
explorer-bad-date = '{ $date }' is not a date: write a year (2019), a month (2019-03) or a day (2019-03-14).
explorer-move = Move
explorer-games = Games
explorer-results = White / draw / Black %
explorer-results-tip = How the games that played this move ended: White's wins, draws and Black's wins, in per cent
explorer-results-line = White won { $white }%, drawn { $draws }%, Black won { $black }% of { $games } games
explorer-rating = Rating
explorer-rating-tip = The players' average rating in those games
explorer-last = Last played
explorer-play-tip = Play this move (in review: as a variation)
# $count: the player's own games that went on from the position on their turn.
explorer-yours = { $count ->
    [one] Your moves here (1 game)
   *[other] Your moves here ({ $count } games)
}
explorer-yours-none = You have not been to move here in any game you kept.
explorer-yours-score = You won–drew–lost
explorer-yours-score-tip = How the games in which you made this move here went for you
# $won, $drawn, $lost: games.
explorer-yours-wdl = { $won }–{ $drawn }–{ $lost }
explorer-filters = Filters
explorer-filter-type = Game type
explorer-filter-from = From
explorer-filter-to = To
explorer-filter-player = Player
explorer-filter-rating = Minimum rating
explorer-games-reaching = Games that reached this position
explorer-newer = Newer
explorer-older = Older
explorer-games-range = { $from }–{ $to }
explorer-open-tip = Open this game in review at this position

database-tab-library = Folder of records
database-tab-database = Database
database-count = { $games ->
    [one] One game in the database
   *[other] { $games } games in the database
}
database-empty = No games here yet. The database holds other players' games for the opening explorer and search: import records with Import files…, for example boardspace.net's yearly zips of SGF files (one a year since 2006). Your own games are kept by themselves, in Your games.
database-file = File: { $file }
database-import = Import files…
database-import-tip = Add SGF, PGN or GameString records, folders of them, or zip archives (boardspace.net's yearly archives) to the database
database-picker-title = Records, folders or zip archives to import
database-importing = Importing: { $games } games added, { $duplicates } already there, { $failed } unreadable ({ $rate } games/s)
database-cancel = Cancel
database-cancel-tip = Stop the import: the games added so far stay, and importing the same files again goes on from there
database-cancelling = Stopping…
database-report = { $cancelled ->
    [yes] Import stopped
   *[other] Import done
}: { $added } games added, { $duplicates } already there, { $failed } unreadable, in { $seconds } s
database-import-failed = The import failed: { $reason }
database-failures = Unreadable records
database-dismiss = OK
database-search = Search
database-search-player = Player
database-search-opponent = Opponent
database-search-from = From
database-search-to = To
database-search-result = Result
database-search-any = Any
database-search-type = Game type
database-search-length = Turns
database-search-position = Reached the position last on the board
database-search-position-tip = Only games that reached the position of the last game shown on the board
database-sort = Sort
database-sort-newest = Newest first
database-sort-oldest = Oldest first
database-sort-longest = Longest first
database-sort-shortest = Shortest first
database-previous = Previous
database-next = Next
database-page = Page { $page }
database-found-none = No game found.
database-searching = Searching…
database-row-tip = Open this game in review
