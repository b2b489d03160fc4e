# La línea de mensajes bajo la barra superior (notice-*) y por qué no se
# pudo leer o escribir un archivo (file-*). El juego pone en mayúscula la
# primera letra del mensaje (no la que sigue a «¡»). Las variables, como en
# inglés (véase assets/locales/en/notices.ftl).

## Jugando.

notice-passes = { $color } no tienen ninguna jugada legal y pasan
notice-must-pass = { $color } no tienen ninguna jugada legal y deben pasar: pulsa Pasar
notice-out-of-time = { $color } se quedaron sin tiempo: ganan { $winner }
notice-new-game = partida nueva: Deshacer recupera la que dejaste
notice-no-pieces-in-hand = a { $color } no les quedan piezas en la mano
notice-game-back = ha vuelto la partida que dejaste
notice-timed-no-undo = en una partida con reloj no se pueden deshacer jugadas

## Elegir una pieza. $pick: cómo se elige una casilla con el último
## dispositivo usado (notice-pick-*); $device: mouse, keyboard o gamepad.

notice-pick-mouse = haz clic en
notice-pick-keyboard = elige (flechas y luego Intro)
notice-pick-gamepad = elige (cruceta y luego A)
notice-selected-move = { $piece } { $piece-gender ->
    [masculine] seleccionado
   *[other] seleccionada
}: { $pick } { $count ->
    [one] la casilla verde
   *[other] una de las { $count } casillas verdes
} para { $piece-gender ->
    [masculine] moverlo
   *[other] moverla
} allí
notice-selected-place = { $piece } { $piece-gender ->
    [masculine] seleccionado
   *[other] seleccionada
}: { $pick } { $count ->
    [one] la casilla verde
   *[other] una de las { $count } casillas verdes
} para { $piece-gender ->
    [masculine] colocarlo
   *[other] colocarla
} allí
notice-can-throw = { $piece } puede lanzar { $pieces } (con un anillo naranja): { $pick } una de ellas y luego { $device ->
    [mouse] en la casilla
   *[other] la casilla
} donde caerá
notice-can-throw-or-move = { $pick } una casilla verde para { $piece-gender ->
    [masculine] moverlo
   *[other] moverla
}, o { $throw }
notice-can-throw-but = { $reason }, pero { $throw }
notice-choose-throw = elige adónde lanzar { $piece } con { $thrower }

## La IA.

notice-ai-considers = la IA de { $color } ({ $difficulty }) estudia { $piece }: { $destinations }
notice-hint-looking = la IA ({ $difficulty }) busca una pista…
notice-hint-none = la IA no ha encontrado ninguna jugada que sugerir
notice-hint = pista ({ $difficulty }): { $move }
notice-hint-click = pista ({ $difficulty }): { $move }; haz clic en la casilla verde para jugarla
# $hint: notice-hint o notice-hint-click; $why: lo que cambia la jugada (why-*.ftl).
notice-hint-why = { $hint }. Por qué: { $why }
notice-hint-why-line = { $hint }. Por qué: si la partida sigue como espera la IA ({ $moves ->
    [one] una jugada más
   *[other] { $moves } jugadas más
}), { $why }
notice-exhibition-paused = En pausa: Jugar continúa, Paso juega una jugada

## Guardar, cargar, importar. $file: la ruta del archivo.

notice-saved = partida guardada en { $file }
notice-saved-variations = partida guardada con sus variantes en { $file }
notice-saved-pgn = partida guardada como PGN en { $file }
notice-no-autosave = no hay ninguna partida guardada automáticamente
notice-resumed = tu última partida, donde la dejaste
notice-resumed-analysis = el tablero de análisis como lo dejaste (Reiniciar para un tablero vacío)
notice-resumed-exhibition = la exhibición como la dejaste (Reiniciar para una nueva)
notice-loaded = se ha cargado { $file }
notice-loaded-variations = se ha cargado { $file } con sus variantes
notice-loaded-where-left = se ha cargado { $file }, donde se dejó
notice-loaded-review = se ha cargado { $file }: las flechas izquierda y derecha recorren sus jugadas
notice-imported-record = registro importado
notice-imported-variations = variantes importadas
notice-imported-gamestring = GameString importada: las flechas izquierda y derecha recorren sus jugadas
notice-pasted-record = el registro pegado
notice-pasted-text = el texto pegado
notice-pasted-gamestring = la GameString pegada
notice-record-players = { $message }: { $white } contra { $black }
notice-record-reviewed = { $message }, con la revisión del motor
notice-record-lines = { $message } ({ $count ->
    [one] 1 línea
   *[other] { $count } líneas
}): haz clic en una jugada de la lista para ir a ella
notice-cannot-list = no se puede leer la carpeta { $folder }: { $error }
notice-settings-not-kept = los ajustes no se guardaron: el archivo dañado { $file } no se pudo apartar como { $aside }: { $error }
notice-settings-kept-aside = el archivo de ajustes dañado se ha guardado como { $aside }; los ajustes nuevos están guardados

## La revisión del motor.

notice-review-nothing = aún no hay ninguna jugada que revisar
notice-review-cancelled = revisión cancelada
notice-review-kept = la revisión del motor de esta partida, guardada de antes
notice-review-done = revisión terminada: { $summary }
notice-review-clean = ni imprecisiones, ni errores, ni errores graves
notice-review-count-blunders = { $count ->
    [one] 1 error grave
   *[other] { $count } errores graves
}
notice-review-count-mistakes = { $count ->
    [one] 1 error
   *[other] { $count } errores
}
notice-review-count-inaccuracies = { $count ->
    [one] 1 imprecisión
   *[other] { $count } imprecisiones
}
notice-review-line = la línea del motor desde aquí, { $moves }, es ahora una variante
notice-line-gone = esa posición ya no está en la lista de jugadas
notice-line-empty = la línea no tiene ninguna jugada
notice-line-unreadable = no se puede leer { $move }: { $error }
notice-line-illegal = no se puede jugar { $move }: { $reason }

## Lecciones.

notice-step-done = ¡Bien hecho! Pulsa Siguiente para continuar
notice-lesson-done = ¡Bien hecho: has terminado la lección! Siguiente te lleva a la próxima
notice-step-shown = esta es una jugada que lo consigue. Reintentar para hacerla tú (un paso hecho con Muéstramelo no cuenta como tuyo), o Siguiente para continuar
notice-lesson-over-helped = era el último paso, pero Muéstramelo o Saltar hicieron algunos pasos: haz la lección entera con tus propias jugadas para que quede marcada. Siguiente te lleva a la próxima
notice-not-the-goal = es una jugada legal, pero no es lo que pide este paso. { $hint }
notice-lesson-won = ganan { $color }: la lección ha terminado. Pulsa Siguiente para continuar
notice-lesson-drawn = tablas: la lección ha terminado. Pulsa Siguiente para continuar

## Problemas. $title: el título del problema; $kind: lo que pide (puzzles-kind-*).

notice-puzzle-start = { $title }: juegan { $color }, { $kind }
notice-puzzle-hint = pista: { $hint }
notice-puzzle-piece = pista: esta es la pieza que hay que jugar
notice-puzzle-solved = ¡Resuelto! Pasa al siguiente problema o vuelve a la lista
notice-puzzle-answering = ¡Bien! El motor está respondiendo…
notice-puzzle-defends = ¡Bien! El motor se defiende: { $move }. { $count ->
    [one] Te queda 1 jugada
   *[other] Te quedan { $count } jugadas
}
notice-puzzle-not-win = esa jugada no gana
notice-puzzle-not-stop = esa jugada no impide la victoria
notice-puzzle-answers = { $not }: el motor responde «{ $move }». Reintenta o pide una pista
notice-puzzle-wins-with = { $not }: el motor gana con «{ $move }». Reintenta o pide una pista
notice-puzzle-wrong = { $not }. Reintenta o pide una pista
notice-puzzle-replying = { $not }…

## Por qué no se pudo leer o escribir un archivo. $error: lo que dijo el
## sistema o el lector, tal cual.

file-read = no se pudo leer { $file }: { $error }
file-write = no se pudo guardar { $file }: { $error } (el archivo anterior, si lo había, no ha cambiado)
file-remove = no se pudo borrar { $file }: { $error }
file-empty = { $file } está vacío: no contiene ninguna partida
file-not-a-game = { $file } no es una partida de Hive válida: { $error }
file-bad-move = { $file } tiene una jugada errónea: la jugada { $number } ({ $move }) { $error }
file-illegal-move = { $file } tiene una jugada errónea: la jugada { $number } ({ $move }) no es legal: { $reason }
file-bad-line = { $file }, línea { $line }: { $error }
file-settings = el archivo de ajustes { $file } está dañado ({ $error }); se usan los ajustes predeterminados
file-encode = no se pudieron escribir los ajustes en { $file }: { $error }
file-not-kept = { $file } no es una partida guardada: no se puede leer su { $what }
file-too-large = { $file } ocupa { $size } bytes, demasiado para ser el registro de una partida (el límite es { $limit } bytes)
file-not-text = { $file } no es un archivo de texto: el registro de una partida es texto UTF-8
file-unknown-format = { $file } no es el registro de una partida: se esperaba un archivo SGF de boardspace.net, un archivo PGN, una GameString de UHP o un archivo de variantes
file-bad-record = { $file }, línea { $line }: `{ $text }`: { $error }
file-illegal-record-move = { $file }, línea { $line }: la jugada { $number } `{ $text }` no es legal: { $reason }
file-illegal-record-move-notation = { $file }, línea { $line }: la jugada { $number } `{ $text }` ({ $notation }) no es legal: { $reason }
file-no-directory = no se encontró en este sistema ninguna carpeta donde guardar archivos; indica una en { $env }
