# La base de datos de partidas: el explorador de aperturas, importar y buscar.

game-opening-explorer = Explorador de aperturas (X)
game-opening-explorer-tip = Las jugadas hechas desde la posición mostrada en las partidas de tu base de datos

database-unusable = No se puede usar la base de datos de partidas: { $reason }
database-unknown-player = ?

explorer-title = Explorador de aperturas
explorer-all-games = Todas las partidas
explorer-all-games-tip = Las partidas de la base de datos desde esta posición, con tus propias jugadas encima
explorer-your-games = Tus partidas
explorer-your-games-tip = Solo tus partidas: las jugadas que hiciste aquí y cómo te fue con cada una
explorer-opening = Abriendo la base de datos…
explorer-empty = La base de datos aún no tiene partidas. Importa registros en la pantalla Partidas (Base de datos), por ejemplo los zip anuales de SGF de boardspace.net.
explorer-asking = Buscando la posición…
explorer-no-moves = Ninguna partida de la base de datos llegó a esta posición.
explorer-why-other-types = La base de datos no tiene ninguna partida { $wanted }, solo { $held }: empieza una partida de uno de esos tipos (Partida nueva, Expansiones) para explorarla.
explorer-why-filtered = Los filtros ocultan { $without ->
    [one] la partida que siguió
   *[other] las { $without } partidas que siguieron
} desde aquí: quítalos para { $without ->
    [one] verla
   *[other] verlas
}.
explorer-why-not-reached = Ninguna de { $count ->
    [one] la partida { $type }
   *[other] las { $count } partidas { $type }
} de la base de datos llegó a esta posición.
explorer-filter-type-hint = cualquier tipo (p. ej. Base+MLP)
explorer-filter-from-hint = cualquier fecha (p. ej. 2015)
explorer-filter-to-hint = cualquier fecha (p. ej. 2024-06)
explorer-filter-player-hint = cualquiera
explorer-filter-rating-hint = cualquiera (p. ej. 1500)
database-column-white = Blancas
database-column-black = Negras
database-column-result = Resultado
database-column-date = Fecha
database-column-type = Tipo
database-column-turns = Turnos
explorer-bad-date = '{ $date }' no es una fecha: escribe un año (2019), un mes (2019-03) o un día (2019-03-14).
explorer-move = Jugada
explorer-games = Partidas
explorer-results = Blancas / tablas / Negras %
explorer-results-tip = Cómo acabaron las partidas con esta jugada: victorias de Blancas, tablas y victorias de Negras, en porcentaje
explorer-results-line = Blancas ganaron el { $white } %, tablas el { $draws } %, Negras ganaron el { $black } % de { $games } partidas
explorer-rating = Elo
explorer-rating-tip = La media del Elo de los jugadores en esas partidas
explorer-last = Última vez
explorer-play-tip = Jugar esta jugada (en la revisión: como variante)
explorer-yours = { $count ->
    [one] Tus jugadas aquí (1 partida)
   *[other] Tus jugadas aquí ({ $count } partidas)
}
explorer-yours-none = No te ha tocado jugar aquí en ninguna de tus partidas.
explorer-yours-score = Ganaste–tablas–perdiste
explorer-yours-score-tip = Cómo te fueron las partidas en las que hiciste esta jugada aquí
explorer-yours-wdl = { $won }–{ $drawn }–{ $lost }
explorer-filters = Filtros
explorer-filter-type = Tipo de partida
explorer-filter-from = Desde
explorer-filter-to = Hasta
explorer-filter-player = Jugador
explorer-filter-rating = Elo mínimo
explorer-games-reaching = Partidas que llegaron a esta posición
explorer-newer = Más recientes
explorer-older = Más antiguas
explorer-games-range = { $from }–{ $to }
explorer-open-tip = Abrir esta partida en revisión en esta posición

database-tab-library = Carpeta de registros
database-tab-database = Base de datos
database-count = { $games ->
    [one] Una partida en la base de datos
   *[other] { $games } partidas en la base de datos
}
database-empty = Aún no hay partidas. La base de datos guarda partidas de otros jugadores para el explorador de aperturas y la búsqueda: importa registros con Importar archivos…, por ejemplo los zip anuales de archivos SGF de boardspace.net (uno por año desde 2006). Tus propias partidas se guardan aparte, en Tus partidas.
database-file = Archivo: { $file }
database-import = Importar archivos…
database-import-tip = Añadir a la base de datos registros SGF, PGN o GameString, carpetas con ellos o archivos zip (los archivos anuales de boardspace.net)
database-picker-title = Registros, carpetas o archivos zip para importar
database-importing = Importando: { $games } partidas añadidas, { $duplicates } ya estaban, { $failed } ilegibles ({ $rate } partidas/s)
database-cancel = Cancelar
database-cancel-tip = Detener la importación: las partidas añadidas se quedan, e importar los mismos archivos de nuevo sigue desde ahí
database-cancelling = Deteniendo…
database-report = { $cancelled ->
    [yes] Importación detenida
   *[other] Importación terminada
}: { $added } partidas añadidas, { $duplicates } ya estaban, { $failed } ilegibles, en { $seconds } s
database-import-failed = La importación falló: { $reason }
database-failures = Registros ilegibles
database-dismiss = Aceptar
database-search = Buscar
database-search-player = Jugador
database-search-opponent = Rival
database-search-from = Desde
database-search-to = Hasta
database-search-result = Resultado
database-search-any = Cualquiera
database-search-type = Tipo de partida
database-search-length = Turnos
database-search-position = Llegaron a la última posición del tablero
database-search-position-tip = Solo las partidas que llegaron a la posición de la última partida mostrada en el tablero
database-sort = Orden
database-sort-newest = Más recientes
database-sort-oldest = Más antiguas
database-sort-longest = Más largas
database-sort-shortest = Más cortas
database-previous = Anterior
database-next = Siguiente
database-page = Página { $page }
database-found-none = No se encontró ninguna partida.
database-searching = Buscando…
database-row-tip = Abrir esta partida en revisión
