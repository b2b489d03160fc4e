# Los demás paneles y pantallas: la biblioteca de partidas, Aprender a jugar,
# Problemas, los paneles de análisis y revisión, la barra de exhibición, los
# diálogos de partidas, la lista de jugadas, las manos, el inspector de pilas
# y la leyenda.

## La biblioteca de partidas («Partidas»).

library-back = Volver
library-back-tip = Al menú principal
library-title = Partidas
library-no-folder = ninguna carpeta
library-choose-folder = Elegir carpeta…
library-choose-folder-tip = Muestra las partidas (.sgf, .pgn, .txt) de otra carpeta
library-picker-title = Elige una carpeta de partidas
library-read-again = Volver a leer
library-read-again-tip = Vuelve a listar las partidas de la carpeta
library-player = Jugador
library-player-hint = cualquier jugador
library-player-tip = Muestra solo las partidas de los jugadores cuyo nombre contiene esto
library-open = Abrir
library-open-tip = Muestra la partida en el tablero, para revisarla (o haz doble clic en ella)
library-review = Revisar con el motor
library-review-tip = Abre la partida y haz que el motor califique cada jugada, con la gráfica de evaluación
library-games = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}
library-games-shown = { $shown } de { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}
library-games-unreadable = { $games }, { $count ->
    [one] 1 ilegible
   *[other] { $count } ilegibles
}
library-reading = leídas { $read } de { $total }
library-listing = listando la carpeta…
library-column-white = Blancas
library-column-black = Negras
library-column-date = Fecha
library-column-game = Juego
library-column-result = Resultado
library-column-moves = Jugadas
library-column-file = Archivo
library-sort-white = Ordenar por blancas
library-sort-black = Ordenar por negras
library-sort-date = Ordenar por fecha
library-sort-game = Ordenar por juego
library-sort-result = Ordenar por resultado
library-sort-moves = Ordenar por jugadas
library-sort-file = Ordenar por archivo
library-unfinished = sin terminar
library-unreadable = ilegible
library-player-you = Tú
library-player-ai = IA ({ $difficulty })
library-player-person = Una persona
library-empty = No hay partidas aquí: elige una carpeta de partidas .sgf, .pgn o .txt.

## La lista de jugadas, en el panel derecho.

moves-title = Jugadas
moves-turn = Turno { $turn }, juegan { $color }
moves-white-wins = Ganan las blancas
moves-black-wins = Ganan las negras
moves-draw = Tablas
moves-uhp-tip = En notación UHP: { $turn }
moves-white-player = Blancas: { $name }
moves-black-player = Negras: { $name }
moves-result-white = Ganaron las blancas
moves-result-black = Ganaron las negras
moves-result-draw = Tablas
moves-tip = Muestra la posición tras esta jugada (clic derecho: más)
moves-verdict-tip = { $class }: muestra la posición tras esta jugada (clic derecho: más)
moves-verdict-best-tip = { $class }, el motor juega { $best }: muestra la posición tras esta jugada (clic derecho: más)
moves-promote = Convertir en la línea principal
moves-delete = Borrar desde aquí

## El inspector de pilas, en el panel izquierdo y como ayuda sobre las pilas.

inspector-title = Inspector de pilas
inspector-empty = Señala una pieza para ver su pila.
inspector-count = { $count ->
    [one] 1 pieza, de arriba abajo:
   *[other] { $count } piezas, de arriba abajo:
}
inspector-top = { $piece } ({ $bug }), arriba
inspector-under = { $piece } ({ $bug }), debajo

## La leyenda de las marcas del tablero.

legend-title = Marcas del tablero
legend-selected = La pieza que has elegido
legend-destination = Una casilla a la que puede ir: haz clic en ella (o suelta ahí la pieza)
legend-movable = Una pieza que puede moverse este turno
legend-last-move = Dónde empezó y terminó la última jugada
legend-throwable = Una pieza que la Cochinilla puede lanzar: haz clic en ella y luego en la casilla donde cae
legend-considered = Una casilla que la IA miró antes de jugar (no es para hacer clic)

## La revisión de la partida por el motor.

review-title = Revisión
review-progress = El motor estudia cada posición: { $done } de { $total }
review-cancel = Cancelar
review-cancel-tip = Detiene la revisión
review-off-line = Esta posición está fuera de la línea revisada.
review-click-hint = Haz clic en la gráfica o en una jugada para ver el veredicto del motor.
review-close = Cerrar la revisión
review-close-tip = Oculta la gráfica y las marcas de la lista de jugadas; la revisión queda guardada con la partida y «Revisar con el motor» la vuelve a mostrar sin buscar de nuevo
review-graph-tip = tras la jugada { $ply }: { $score }
review-loss = pérdida
review-loss-tip = pérdida: la media de lo que cedió cada jugada frente a la mejor del motor (1.00 vale más o menos una pieza)
review-white = Blancas
review-black = Negras
review-class-best = la mejor
review-class-good = buena
review-class-inaccuracy = imprecisión
review-class-mistake = error
review-class-blunder = error grave
review-verdict = { $class }: { $after } (antes { $before })
review-engine-choice = La jugada que elige el motor.
review-lost = Pierde { $loss }. El motor juega { $best } (la flecha del tablero).
review-lost-tip = Cuánto de la evaluación cedió la jugada frente a la del motor (1.00 vale más o menos una pieza)
review-lost-mate = Con ella cambió de manos una victoria o una derrota forzada. El motor juega { $best } (la flecha del tablero).
# Por qué la jugada mostrada es peor: los hechos a lo largo de las líneas
# del motor (why-*.ftl), primero los de la jugada, luego los del motor ($best).
review-why = Por qué:
review-why-better = Con { $best } en su lugar:
review-why-none = En las líneas del motor las reinas, los pasos estrechos, los escarabajos y las piezas clavadas quedan igual: la diferencia está en la libertad de movimiento de las piezas, que pesa la evaluación.
review-play-line = Jugar la línea del motor
review-play-line-tip = Añade aquí la línea del motor como variante y ve a su primera jugada
review-mark-best = La jugada que elige el motor.
review-mark-good = Una buena jugada: cedió como mucho { $to } de la evaluación.
review-mark-inaccuracy = { $mark } una imprecisión: la jugada cedió entre { $from } y { $to } de la evaluación (1.00 vale más o menos una pieza).
review-mark-mistake = { $mark } un error: la jugada cedió entre { $from } y { $to } de la evaluación (1.00 vale más o menos una pieza).
review-mark-blunder = { $mark } un error grave: la jugada cedió { $from } o más de la evaluación, tiró una victoria forzada o cayó en una derrota forzada.
review-count-tip = Cuántas jugadas de cada bando llevan esta marca. { $meaning }
review-verdict-tip = Tras la jugada: { $after }. Antes: { $before }.
score-level = { $score }: igualdad, nadie va por delante
score-white-ahead = { $score }: las blancas van por delante por unas { $units } piezas
score-black-ahead = { $score }: las negras van por delante por unas { $units } piezas
score-white-mates = { $score }: las blancas ganan en { $moves ->
    [one] 1 jugada suya
   *[other] { $moves } jugadas suyas
}, jueguen lo que jueguen las negras
score-black-mates = { $score }: las negras ganan en { $moves ->
    [one] 1 jugada suya
   *[other] { $moves } jugadas suyas
}, jueguen lo que jueguen las blancas
score-white-won = { $score }: las blancas han ganado
score-black-won = { $score }: las negras han ganado

## La pantalla de Problemas y la barra del problema en juego.

puzzles-title = Problemas
puzzles-progress = { $done } de { $count } resueltos
puzzles-blurb = Cada problema tiene una primera jugada que gana (o impide la victoria) a la fuerza, comprobada por el motor. Juégala en el tablero: el motor se defiende o muestra por qué falla una jugada.
puzzles-next-unsolved = Siguiente sin resolver
puzzles-next-unsolved-tip = El primer problema que aún no has resuelto
puzzles-level-easy = Fácil
puzzles-level-medium = Medio
puzzles-level-hard = Difícil
puzzles-kind-win = ganar en { $count }
puzzles-kind-stop = impedir una victoria en { $count }
puzzles-kind-theme = { $kind }, { $theme }
puzzles-theme-pillbug = cochinilla
puzzles-theme-mosquito = mosquito
puzzles-solved-tip = { $title } (resuelto)
puzzles-status = Juegan { $color }: { $kind } ({ $count ->
    [one] queda 1 jugada
   *[other] quedan { $count } jugadas
})
puzzles-solved = ¡Resuelto!
puzzles-failed = Esa jugada no es
puzzles-hint = Pista
puzzles-hint-tip = Primero una pista y luego la pieza que hay que jugar
puzzles-retry = Reintentar
puzzles-retry-tip = El problema otra vez desde su posición
puzzles-next = Siguiente
puzzles-next-tip = El siguiente problema que no has resuelto
puzzles-all = Todos los problemas
puzzles-all-tip = Volver a la lista

## La pantalla Aprender a jugar y la barra de la lección en juego.

lessons-title = Aprender a jugar
lessons-progress = { $done } de { $count ->
    [one] 1 lección terminada
   *[other] { $count } lecciones terminadas
}
lessons-blurb = Lecciones cortas en el tablero: cada paso pide una jugada y las reglas la comprueban. Hazlas en orden, o repite la que quieras.
lessons-steps-tip = { $count ->
    [one] 1 paso
   *[other] { $count } pasos
}
lessons-steps-finished-tip = { $count ->
    [one] 1 paso
   *[other] { $count } pasos
}, terminada
lessons-step = paso { $step } de { $count }
lessons-hint = Pista: { $hint }
lessons-show-me = Muéstramelo
lessons-show-me-tip = El motor juega una jugada que hace lo que pide el paso (un paso que hace él no es tuyo: la lección se marca solo cuando tus propias jugadas hicieron todos los pasos)
lessons-retry = Reintentar
lessons-retry-tip = Este paso otra vez desde su posición
lessons-skip = Saltar
lessons-next = Siguiente
lessons-next-tip = Pasa al siguiente paso (desde tu propio tablero cuando el paso sigue de él)
lessons-all = Todas las lecciones
lessons-all-tip = Volver a la lista

## Los diálogos de partidas: guardar, cargar e importar.

dialog-save = Guardar partida
dialog-save-variations = Guardar partida con variantes
dialog-save-pgn = Guardar partida como PGN
dialog-load = Cargar partida
dialog-filter-games = Partidas de Hive (.txt)
dialog-filter-pgn = PGN (.pgn)
dialog-filter-records = Partidas (.txt, .sgf, .pgn)
dialog-import-title = Importar una partida
dialog-import-paste = Pega un GameString (Ctrl+V), como { $example },
dialog-import-paste-more = un archivo guardado de variantes (todas sus líneas) o una partida .sgf de boardspace o PGN.
dialog-import = Importar
dialog-cancel = Cancelar

## El veredicto del motor sobre una posición.

eval-wins = { $color-code ->
    [white] Las blancas ganan
   *[black] Las negras ganan
} en { $count ->
    [one] 1 jugada
   *[other] { $count } jugadas
} como mucho
eval-level = igualdad
eval-tip = La estimación del motor de quién va por delante (1.00 vale más o menos una pieza); «ganan en» unas jugadas: una victoria forzada que ha encontrado.
eval-ahead = { $color-code ->
    [white] Blancas
   *[black] Negras
} +{ $score }

## El panel del tablero de análisis.

analysis-title = Análisis
analysis-depth = profundidad { $depth }
analysis-depth-tip = Profundidad { $depth }: el motor miró { $depth } jugadas por delante, contando como una la de cada bando.
analysis-no-move = ninguna jugada: la partida ha terminado
analysis-game-over = Aquí la partida ha terminado.
analysis-thinking = El motor está pensando…
analysis-top = Las { $count } mejores jugadas
analysis-top-tip = También las siguientes mejores jugadas, con su valoración y su línea (más lento)
analysis-stop = Dejar de analizar
analysis-play-line-tip = Juega la línea hasta esta jugada
analysis-play-line-disabled-tip = Las jugadas se hacen en tu turno (al revisar: Continuar desde aquí)

## La barra sobre el tablero: la exhibición IA contra IA, o el botón Pista.

exhibition-title = IA contra IA: blancas { $white }, negras { $black }
exhibition-play = Jugar
exhibition-pause = Pausa
exhibition-step = Paso
exhibition-step-tip = Pausa y juega una jugada
exhibition-restart = Reiniciar
exhibition-pace = { $pace } jugadas/min
exhibition-speed-tip = A qué ritmo juegan las IA, en jugadas por minuto
exhibition-paused = en pausa
exhibition-evaluation = { $verdict } (búsqueda de { $color }, { $difficulty }, profundidad { $depth })
exhibition-no-evaluation = aún no hay evaluación
exhibition-evaluation-tip = Quién va por delante según la última búsqueda de la IA
exhibition-hint = Pista
exhibition-hint-tip = Pide una jugada a la IA: se resaltan su pieza y su destino

## Las manos, en los paneles laterales.

hand-to-move = ▶ Juegan { $color }
hand-white = Blancas
hand-black = Negras
hand-count = En la mano: { $count }
hand-stack-tip = { $bug } ({ $count ->
    [one] queda 1
   *[other] quedan { $count }
})

## La pestaña «Tus partidas» de la pantalla Partidas: cada partida que el
## jugador terminó, guardada como suya.
your-games-tab = Tus partidas
your-games-any = cualquiera
your-games-win = Ganada
your-games-draw = Tablas
your-games-loss = Perdida
your-games-unfinished = Sin terminar
your-games-ending-rules = En el tablero
your-games-ending-resigned = Abandono
your-games-ending-time = Por tiempo
your-games-ending-agreed = Tablas acordadas
your-games-ending-unfinished = Dejada sin terminar
your-games-watched = observada
your-games-both = ambos
your-games-at-this-screen = En esta pantalla
your-games-opponent = Rival
your-games-result = Resultado
your-games-type = Tipo
your-games-level = Nivel de la IA
your-games-type-hint = cualquiera (p. ej. Base+MLP)
your-games-from = Desde
your-games-to = Hasta
your-games-date-hint = cualquiera (p. ej. 2026-12)
your-games-count = { $count ->
    [one] 1 partida guardada
   *[other] { $count } partidas guardadas
}
your-games-shown = { $shown } de { $count ->
    [one] 1 partida guardada
   *[other] { $count } partidas guardadas
}
your-games-export = Exportar todas…
your-games-export-tip = Escribe todas tus partidas en un archivo PGN (el juego lo vuelve a leer, y también Mzinga y otros programas de Hive)
your-games-keep-watched = Guardar las partidas que miro
your-games-keep-watched-tip = Las partidas que miras en línea (hasta el final) también se guardan aquí, con los dos jugadores
your-games-export-title = Exportar tus partidas
your-games-exported = { $count ->
    [one] 1 partida escrita en { $file }
   *[other] { $count } partidas escritas en { $file }
}
your-games-none = Aún no hay partidas: cada partida que terminas, contra la IA, contra alguien en esta pantalla o en línea, se guarda aquí en su última jugada.
your-games-when = Cuándo
your-games-side = Jugaste con
your-games-how = Cómo terminó
your-games-turns = Turnos
your-games-review = Revisar
your-games-review-tip = Abre la partida en el tablero, para recorrerla, analizarla o seguir jugando desde cualquier jugada
your-games-forget = Olvidar
your-games-forget-tip = Quita esta partida de tus partidas (pregunta antes)
your-games-forget-title = ¿Olvidar esta partida?
your-games-forget-text = Se quitará de tus partidas y de sus cuentas en el explorador. No se puede deshacer.
your-games-cancel = Cancelar
kept-failed = La partida aún no se pudo guardar en tus partidas ({ $reason }); espera junto al autoguardado y se guardará al próximo inicio.
your-games-score = { $won } ganadas, { $drawn } tablas, { $lost } perdidas
your-games-results = Tus resultados: { $score }
your-games-streak = Última racha: { $outcome } { $count ->
    [one] una vez
   *[other] { $count } seguidas
}
your-games-best-streak = Racha de victorias más larga: { $count }
your-games-by-level = Contra la IA, por nivel
your-games-by-opponent = Por rival
# El archivo de tus partidas no se puede leer ($file: su ruta, $reason: lo que dijo SQLite).
your-games-damaged = El archivo de tus partidas { $file } está dañado ({ $reason }). Se deja como está: las partidas que contiene no se tocan, y cada partida que termines espera junto al autoguardado hasta que se pueda guardar. Para ver los problemas, ejecuta `hive db check --mine`; para empezar un archivo nuevo, saca este de la carpeta de datos (las partidas en espera pasan al nuevo en el siguiente inicio).
