# El editor de posiciones («Preparar una posición»). Véase en/editor.ftl.

editor-menu-button = Preparar una posición
editor-menu-tip = Coloca las piezas que quieras en un tablero y luego juega desde la posición, analízala o cópiala como GameString
editor-edit-button = Editar posición
editor-edit-tip = Cambia esta posición en el editor: añade, mueve o quita piezas (Volver regresa aquí)
editor-title = Preparar una posición
editor-back = Volver
editor-back-to-menu-tip = Volver al menú principal
editor-back-to-game-tip = Volver a la partida, tal como la dejaste
editor-blurb = Haz clic en una pieza de una mano y luego en una casilla: se pone encima de lo que haya. Haz clic en una pieza del tablero para moverla; el clic derecho la quita. Esc suelta la pieza elegida.
editor-to-move = Juegan:
editor-white = Blancas
editor-black = Negras
editor-turn = Turno:
editor-turn-tip = El turno del bando que juega, contado por bando desde 1 (White[3] es el tercer turno de las blancas)
editor-expansions = Expansiones:
editor-clear = Vaciar
editor-clear-tip = Quita todas las piezas del tablero
editor-fit = Encuadrar
editor-fit-tip = Vuelve a encuadrar el tablero alrededor de las piezas (mientras editas no se mueve, y solo crece cuando las piezas ya no caben)
editor-slot-empty-tip = { $bug }: { $count ->
    [one] en el tablero
   *[other] las { $count } en el tablero
}. Haz clic derecho en una para devolverla a la mano
editor-hand = Mano de { $color }
editor-hand-empty = Todas las piezas están en el tablero.
editor-picked = Colocando { $piece }: haz clic en una casilla.
editor-no-problems = Ninguna regla prohíbe esta posición. Jugar, Analizar y Copiar buscan una partida que llegue a ella, y avisan si esa partida llega en otro turno.
editor-problems = { $count ->
    [one] Una cosa hace imposible esta posición
   *[other] { $count } cosas hacen imposible esta posición
} (pasa el ratón por encima para ver sus casillas):
editor-opponent = Jugar contra:
editor-opponent-human = Una persona en esta pantalla
editor-opponent-ai-white = La IA, con blancas
editor-opponent-ai-black = La IA, con negras
editor-play = Jugar
editor-play-tip = Sigue jugando desde esta posición (la IA con la dificultad elegida en el menú principal)
editor-analyse = Analizar
editor-analyse-tip = El tablero de análisis con esta posición: los dos bandos en la pantalla, con el veredicto y la mejor línea del motor
editor-copy = Copiar GameString
editor-copy-tip = Copia la posición como GameString (una partida de jugadas legales que llega a ella), para Importar o para otro programa de Hive
editor-not-ready-tip = Primero haz que una partida pueda llegar a la posición (mira lo que falla bajo el tablero)
editor-searching = Buscando una partida que llegue a esta posición…
editor-copied = Copiada al portapapeles:
editor-refused-not-in-game = { $piece } no está en una partida { $game-type }: marca antes su expansión.
editor-refused-covered = { $piece } está debajo de { $by }: quita antes las piezas de encima.
editor-other-turn-question = La partida sigue desde el turno { $turn }, no desde el { $requested }: las jugadas anteriores son una partida inventada que llega ahí. ¿Seguir en el turno { $turn } o seguir editando?
editor-other-turn-analyse = Analizar en el turno { $turn }
editor-other-turn-play = Jugar en el turno { $turn }
editor-other-turn-go-on-tip = Pasa la posición como turno { $turn } (su lista de jugadas es la partida encontrada)
editor-other-turn-back = Seguir editando
editor-other-turn-back-tip = Vuelve al editor con la posición como está (cambia el turno o las piezas)
