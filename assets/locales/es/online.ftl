# Juego en línea: una partida contra un amigo por internet.

menu-online = Jugar con un amigo en línea
menu-online-tip = Crea una partida y envía la invitación a un amigo, o pega la que te envió

online-title = Jugar con un amigo en línea
online-host = Crear una partida
online-join = Unirse a una partida
online-your-name = Tu nombre:
online-name-hint = tu nombre, tal como lo verá tu amigo
online-default-name = Un jugador
online-paste = Pega la invitación que te envió tu amigo:
online-join-button = Unirse
online-invite = Crear la invitación
online-network = Red
online-local = Solo este equipo
online-local-tip = Para probar: dos ventanas en este ordenador. Nada sale del equipo (sin relé, sin búsqueda de direcciones, sin abrir puertos del router).
online-relay = Relé:
online-relay-hint = vacío: los relés públicos
online-relay-none-local = ninguno: solo esta máquina
online-local-this-run = Activado en esta ejecución: el juego se inició con --local (nada sale de esta máquina).
online-expansions = Expansiones:
online-you-take = Juegas con:
online-clock = Reloj:
online-no-clock = ninguno
online-preparing = Preparando la invitación…
online-send-this = Envía esta invitación a tu amigo (por cualquier programa de chat):
online-copy = Copiar
online-copy-link = Copiar como enlace
online-waiting-for-friend = Esperando a tu amigo…
online-friend-deciding = { $name } ya está y mira las condiciones…
online-connecting = Conectando…
online-still-dialling = Seguimos intentando llegar al anfitrión…
online-proposed = { $name } propone { $game-type }, juegas con { $side }, reloj: { $clock }.
online-accept = Aceptar
online-decline = Rechazar
online-resume = Seguir la partida contra { $name }
online-resume-tip = La partida en línea guardada la última vez, en la jugada donde se quedó: tu amigo también la sigue desde su lado

online-panel-title = En línea
online-your-friend = tu amigo
online-you = Tú
online-you-play = Juegas con { $side } contra { $name } ({ $their-side })
online-game-over = La partida terminó
online-your-move = Te toca
online-their-move = Le toca a { $name }
online-direct = directa
online-relayed = a través de un relé
online-connected = Conectado, { $path }, { $ms } ms
online-reconnecting = Reconectando (intento { $attempt })…
online-draw-offered = { $name } ofrece tablas.
online-takeback-asked = { $name } pide deshacer la última jugada.
online-draw-waiting = Esperando la respuesta de { $name } a tu oferta de tablas…
online-takeback-waiting = Esperando la respuesta de { $name } a tu petición de deshacer…
online-offer-draw = Ofrecer tablas
online-ask-takeback = Pedir deshacer
online-ask-takeback-tip = Pide a tu amigo deshacer la última jugada (Deshacer pide lo mismo)
online-resign = Abandonar
online-resign-sure = ¿Seguro que abandonas?
online-chat-hint = Di algo
online-send = Enviar

online-peer-joined = { $name } se unió
online-started = empieza la partida contra { $name }
online-declined = { $name } rechazó la partida
online-taken-back = se deshizo la última jugada
online-takeback-declined = { $name } no quiso deshacer la jugada
online-draw-declined = { $name } rechazó las tablas
online-peer-left = { $name } dejó la partida
online-connection-lost = se perdió la conexión: los dos tableros quedan como están; reconectando…
online-reconnected = conectados de nuevo: la partida sigue en la misma jugada
online-not-playing = la partida en línea no está en curso
online-not-your-turn = le toca a tu amigo
online-move-refused = la partida en línea rechazó esa jugada
online-no-offer = no hay tal oferta que responder, o la tuya sigue esperando
online-chat-too-long = una línea de chat tiene como mucho 280 caracteres
online-bad-settings = esas condiciones no se pueden jugar en línea
online-nothing-to-take-back = no hay jugada que deshacer
online-bad-invitation = eso no es una invitación de Hive (copia la línea entera que te envió tu amigo)
online-damaged-invitation = esa invitación está dañada (su { $what }): vuelve a copiar la línea entera que te envió tu amigo
online-newer-invitation = esa invitación la hizo una versión más nueva de Hive: actualiza este juego para unirte
online-refused-again = { $reason } (probado { $tries } veces)
online-not-loopback = «solo este equipo» está activado: esa invitación es para otro equipo
online-no-network = no se pudo iniciar la red
online-nothing-to-resume = no hay partida en línea que seguir
online-resume-damaged = no se puede leer la partida en línea guardada la última vez

peer-malformed = el programa de tu amigo envió un mensaje ilegible
peer-oversized = el programa de tu amigo envió un mensaje demasiado largo: se cerró la conexión
peer-unknown-message = el programa de tu amigo envió un mensaje que esta versión no conoce
peer-wrong-secret = alguien sin la invitación de esta partida intentó unirse y fue rechazado
peer-version = el programa de tu amigo usa otra versión del juego en línea: actualizad los dos
peer-role = alguien pidió mirar, y esta partida no lo ofrece
peer-refused = el anfitrión rechazó la conexión: revisa la invitación
peer-out-of-order = el programa de tu amigo envió un mensaje fuera de lugar
peer-bad-settings = las condiciones del anfitrión no se pueden jugar
peer-ply-ahead = llegó una jugada antes de su turno: se están igualando las partidas
peer-out-of-turn = el programa de tu amigo envió una jugada cuando no le tocaba
peer-bad-move = el programa de tu amigo envió una jugada ilegible
peer-illegal-move = se rechazó la jugada { $move } de tu amigo: { $rule }
peer-hash-mismatch = los dos tableros difieren: se están igualando
peer-bad-sync = el programa de tu amigo envió una partida ilegible
peer-sync-diverges = las dos partidas tomaron caminos distintos: se cerró la conexión
peer-no-such-offer = llegó una respuesta a una oferta que nadie hizo
peer-chat-too-long = una línea de chat de tu amigo era demasiado larga
peer-flood = el programa de tu amigo envió demasiados mensajes: se cerró la conexión
peer-too-many-refused = el programa de tu amigo siguió enviando lo que esta partida rechaza: se cerró la conexión
peer-game-over = llegó una jugada después del final de la partida
peer-result-differs = el programa de tu amigo tiene otro resultado para esta partida

game-help-friend-to-move = Tu amigo está eligiendo su jugada; el tablero vuelve a ser tuyo cuando llegue. Deshacer le pide deshacer tu última jugada.
game-help-friend-away = La conexión con tu amigo está caída: su jugada llega cuando vuelva (los dos tableros esperan, los relojes se paran).
game-title-online = { $game-type } en línea: juegas con { $human }
over-resigned = { $side-code ->
    [white] Las blancas abandonaron.
   *[black] Las negras abandonaron.
}
over-draw-agreed = Tablas de común acuerdo.
confirm-restart-online-text = Se avisa a tu amigo de que te fuiste. La partida se guarda: «Jugar con un amigo en línea» ofrece seguirla, y también «Reanudar la última partida» si no espera otra.
confirm-main-menu-online-text = Se avisa a tu amigo de que te fuiste. La partida se guarda: «Jugar con un amigo en línea» ofrece seguirla, y también «Reanudar la última partida» si no espera otra.
confirm-quit-online-text = Se avisa a tu amigo de que te fuiste. La partida se guarda: la próxima vez, «Jugar con un amigo en línea» ofrece seguirla, y también «Reanudar la última partida» si no espera otra.
confirm-load-online-text = La partida que cargues ocupa el lugar de esta partida en línea; se avisa a tu amigo de que te fuiste. La partida en línea se guarda para seguirla.
notice-resumed-online = la partida en línea como la dejaste
library-player-online = Un amigo en línea

# Mirar: la invitación para mirar del anfitrión, y el lado de quien mira.
online-watch-this = Otros pueden mirar (ven cada jugada y no pueden jugar) con esta invitación:
online-watchers = { $count ->
    [one] una persona está mirando
   *[other] { $count } personas están mirando
}
online-watcher-joined = { $name } está mirando la partida
online-watch-dialling = conectando con la partida para mirarla…
online-watch-host-left = el anfitrión se ha ido: la partida que mirabas se detiene aquí
online-watch-players = { $white } (blancas) contra { $black } (negras)
game-title-watching = { $game-type } en línea: estás mirando
peer-watcher-acted = alguien que mira intentó jugar u ofrecer algo, y quien mira no puede hacerlo
game-help-watching-online = Estás mirando una partida en línea: cada jugada aparece en cuanto se juega; la barra de repaso recorre las jugadas hechas.

# Revancha al final, y amigos con los que ya se jugó.
online-rematch = Revancha
online-rematch-tip = Otra partida con { $name }: las mismas condiciones, los colores cambiados
online-rematch-offered = { $name } pide la revancha (las mismas condiciones, los colores cambiados).
online-rematch-waiting = Esperando la respuesta de { $name } a tu revancha…
online-rematch-declined = { $name } rechazó la revancha.
online-rematch-agreed = Revancha aceptada: la siguiente partida está en camino.
online-next-proposed = { $name } propone la siguiente partida: juegas con { $side }.
online-house-rules = Reglas de la casa: { $rules }.
online-house-rules-none = ninguna
online-house-draw-at = tablas en el turno { $turn }
online-house-threefold = tablas por triple repetición
online-house-no-queen-first = sin Reina en el primer turno
online-friends = Amigos
online-friend-row = { $name }: { $date }, { $result } ({ $games } { $games ->
    [one] partida
   *[other] partidas
})
online-friend-won = ganaste
online-friend-drew = empataste
online-friend-lost = perdiste
online-play-again = Jugar otra vez
online-play-again-host-tip = Espera a { $name }, que pulsa Jugar otra vez en su programa (los dos abiertos); juegas con { $side }
online-play-again-join-tip = Entra en la partida de { $name } en cuanto pulse Jugar otra vez en su programa (los dos abiertos)
online-friend-waiting = Esperando a que { $name } pulse Jugar otra vez en su programa…
online-friends-damaged = La lista de amigos está dañada y se deja como está ({ $error }): saca friends.json de la carpeta de datos para empezar una nueva.
