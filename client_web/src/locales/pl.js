// Polski: te same klucze co locales/en.js (tests/test_i18n.py); liczby mnogie według
// Intl.PluralRules("pl"): one, few, many, other.
export default {
  "app.name": "Cardroom",
  "app.page_load": "Nie udało się wczytać tej strony. Sprawdź połączenie i odśwież stronę.",
  "app.default_name": "Gracz {n}",
  "nav.learn": "Nauka",
  "nav.settings": "Ustawienia",
  "net.connecting": "Łączenie…",
  "net.online": "Połączono",
  "net.offline": "Brak połączenia: łączę ponownie…",
  "language.en": "English",
  "language.ko": "한국어",
  "language.pl": "Polski",

  "game.gin_rummy": "Gin Rummy",
  "game.easy_harp": "Easy Harp",
  "game.reflechi": "Solitaire Réfléchi",

  "seat.you": "Ty",
  "seat.waiting": "Czekamy na gracza",
  "name.person": "{name}",
  "bot.easy": "Łatwy bot",
  "bot.normal": "Zwykły bot",
  "bot.hard": "Trudny bot",
  "bot.expert": "Bot ekspert",

  "count.cards": { one: "{n} karta", few: "{n} karty", many: "{n} kart", other: "{n} karty" },
  "count.points": { one: "{n} punkt", few: "{n} punkty", many: "{n} punktów", other: "{n} punktu" },
  "count.spectators": { one: "{n} widz", few: "{n} widzów", many: "{n} widzów", other: "{n} widza" },
  "count.moves": { one: "{n} ruch", few: "{n} ruchy", many: "{n} ruchów", other: "{n} ruchu" },
  "count.deals": { one: "{n} możliwe rozdanie", few: "{n} możliwe rozdania", many: "{n} możliwych rozdań", other: "{n} możliwego rozdania" },
  "count.in_moves": { one: "w {n} ruchu", few: "w {n} ruchach", many: "w {n} ruchach", other: "w {n} ruchu" },

  "card.name": "{rank} {suit}",
  "card.laid_off": "{card}, dołożona",
  "rank.A": "as",
  "rank.2": "dwójka",
  "rank.3": "trójka",
  "rank.4": "czwórka",
  "rank.5": "piątka",
  "rank.6": "szóstka",
  "rank.7": "siódemka",
  "rank.8": "ósemka",
  "rank.9": "dziewiątka",
  "rank.T": "dziesiątka",
  "rank.J": "walet",
  "rank.Q": "dama",
  "rank.K": "król",
  "suit.S": "pik",
  "suit.H": "kier",
  "suit.D": "karo",
  "suit.C": "trefl",

  "move.pass.you": "Rezygnujesz z karty {card}",
  "move.pass.other": "{who} rezygnuje z karty {card}",
  "move.take_upcard.you": "Bierzesz odkrytą kartę {card}",
  "move.take_upcard.other": "{who} bierze odkrytą kartę {card}",
  "move.draw_stock.you": "Dobierasz z talii",
  "move.draw_stock.other": "{who} dobiera z talii",
  "move.draw_discard.you": "Bierzesz {card} ze stosu",
  "move.draw_discard.other": "{who} bierze {card} ze stosu",
  "move.discard.you": "Odrzucasz {card}",
  "move.discard.other": "{who} odrzuca {card}",
  "move.knock.you": "Pukasz, odrzucając {card}",
  "move.knock.other": "{who} puka, odrzucając {card}",
  "move.unknown": "{who}: {type}",

  "result.gin.you": "Masz gina!",
  "result.gin.other": "{name} ma gina!",
  "result.undercut.you": "Podcinasz!",
  "result.undercut.other": "{name} podcina!",
  "result.knock.you": "Pukasz",
  "result.knock.other": "{name} puka",
  "result.dead": "Martwe rozdanie: nikt nie dostaje punktów",
  "result.deadwood": "{name}: luźne karty {n}",
  "result.laid_off": "Dołożone: {cards}",
  "result.match": "Mecz: {me} {a} – {b} {them} (do {target})",
  "result.match_over": "Koniec meczu",
  "result.match_winner.you": "Wygrywasz mecz!",
  "result.match_winner.other": "{name} wygrywa mecz!",
  "score.dead": "Talia się wyczerpała: rozdanie nierozstrzygnięte, rozdaje ten sam gracz.",
  "score.gin.you": "Dostajesz {points}: 25 punktów premii za gina i {loser} za luźne karty przeciwnika.",
  "score.gin.other": "{name} dostaje {points}: 25 punktów premii za gina i {loser} za luźne karty przeciwnika.",
  "score.undercut.you": "Dostajesz {points}: 25 punktów premii za podcięcie i różnicę luźnych kart, {knocker} − {winner}.",
  "score.undercut.other": "{name} dostaje {points}: 25 punktów premii za podcięcie i różnicę luźnych kart, {knocker} − {winner}.",
  "score.knock.you": "Dostajesz {points}: różnicę luźnych kart, {loser} − {winner}.",
  "score.knock.other": "{name} dostaje {points}: różnicę luźnych kart, {loser} − {winner}.",
  "hand.face_down": { one: "{n} karta zakryta", few: "{n} karty zakryte", many: "{n} kart zakrytych", other: "{n} karty zakrytej" },

  "table.away": "nieobecny",
  "table.away_for": "poza stołem: walkower za {n} s",
  "table.thinking": "myśli",
  "table.stock_label": "Talia, {cards}: dobierz",
  "table.pile_label": "Stos odrzuconych, na wierzchu {card}: weź",
  "table.pile_empty": "Stos odrzuconych, pusty",
  "table.take": "Weź {card}",
  "table.pass": "Pas",
  "table.whole_pile": "Cały stos odrzuconych",
  "table.empty": "pusto",
  "table.hide_pile": "Ukryj stos",
  "table.show_pile": "Cały stos ({n})",
  "table.your_hand": "Twoja ręka",
  "table.card_deadwood": "{card}, luźna",
  "table.card_meld": "{card}, układ {n}",
  "table.deadwood": "Luźne {n}",
  "table.new": "nowa",
  "table.sort": "Sortuj",
  "table.sort_title": "Najpierw układy, potem reszta według wartości",
  "table.discard": "Odrzuć",
  "table.discard_card": "Odrzuć {card}",
  "table.knock": "Pukaj",
  "table.gin": "Gin!",
  "table.knock_with": "Pukaj (luźne {n})",
  "table.knock_select": "Pukaj: wybierz kartę",
  "table.knock_title": "Wybierz kartę, którą odrzucisz, pukając",
  "table.scores": "{me} {a} · {b} {them}",
  "table.hand_info": " (rozdanie {hand}, gra do {target})",
  "table.moves_label": "Ruchy w tym rozdaniu",

  "status.forfeit.left.you_win": "{loser} opuszcza grę: wygrywasz mecz.",
  "status.forfeit.left.you_lose": "Opuszczasz grę: {winner} wygrywa mecz.",
  "status.forfeit.left.watch": "{loser} opuszcza grę: {winner} wygrywa mecz.",
  "status.forfeit.timeouts.you_win": "{loser} zbyt często przekracza czas: wygrywasz mecz.",
  "status.forfeit.timeouts.you_lose": "Zbyt często przekraczasz czas: {winner} wygrywa mecz.",
  "status.forfeit.timeouts.watch": "{loser} zbyt często przekracza czas: {winner} wygrywa mecz.",
  "status.waiting": "Czekamy na drugiego gracza: wyślij link z zaproszeniem.",
  "status.no_show": "Ten mecz się nie zaczął: jeden z dobranych graczy nie dołączył.",
  "status.match_over.you": "Wygrywasz mecz {a}–{b}.",
  "status.match_over.other": "{name} wygrywa mecz {a}–{b}.",
  "status.hand_over": "Rozdanie skończone.",
  "status.hand_over_next": "Rozdanie skończone. Następne może rozdać każde z was: zacznie się dla obojga.",
  "status.your_offer": "Twój ruch: weź odkrytą kartę {card} albo spasuj.",
  "status.your_draw": "Twój ruch: dobierz z talii albo weź wierzchnią kartę ze stosu.",
  "status.your_draw_stock": "Twój ruch: oboje spasowaliście przy odkrytej karcie, więc dobierz kartę z talii.",
  "status.your_discard": "Wybierz kartę i ją odrzuć (albo zapukaj, gdy pozwalają na to luźne karty).",
  "status.their_offer": "{name} decyduje o odkrytej karcie…",
  "status.their_draw": "{name} dobiera…",
  "status.their_discard": "{name} wybiera kartę do odrzucenia…",

  "room.match_over": "Mecz skończony.",
  "room.waiting_next": "Czekamy na następne rozdanie…",
  "room.rematch_offer": "Zaproponuj rewanż",
  "room.rematch_waiting": "Zaproponowano rewanż graczowi {name}: czekamy na odpowiedź ({n} s).",
  "room.rematch_withdraw": "Wycofaj",
  "room.rematch_offered": "{name} proponuje rewanż (na odpowiedź zostało {n} s).",
  "room.rematch_accept": "Przyjmij",
  "room.rematch_decline": "Odrzuć",
  "room.rematch_declined": "{name} odrzuca rewanż.",
  "room.rematch_left": "{name} wychodzi: tym razem bez rewanżu.",
  "room.rematch_lapsed": "Czas na odpowiedź na propozycję rewanżu minął.",
  "room.rematch": "Rewanż",
  "room.lobby": "Lobby",
  "room.next_hand_note": "Kto pierwszy naciśnie Następne rozdanie, rozdaje je obojgu.",
  "room.next_hand_dealt": "{name} rozdaje już następne rozdanie. Tak zakończyło się poprzednie.",
  "room.to_the_hand": "Do nowego rozdania",
  "room.rematch_started": "Gracze zaczęli rewanż.",
  "room.watch_rematch": "Oglądaj rewanż",
  "room.next_hand": "Następne rozdanie",
  "room.copied": "Skopiowano!",
  "room.daily_title": "{game}: mecz dnia ({date})",
  "room.title": "{game} · pokój {id}",
  "room.spectating": "Oglądasz",
  "room.invite": "Kopiuj link z zaproszeniem",
  "room.invite_short": "Zaproś",
  "room.seat_open": "W tym pokoju jest wolne miejsce.",
  "room.take_seat": "Zajmij miejsce",
  "room.unavailable": "Ten pokój jest niedostępny",
  "room.back": "Wróć do lobby",
  "room.loading": "Wczytywanie pokoju…",
  "room.timeout.you": "Skończył ci się czas: serwer wykonał za ciebie bezpieczny ruch.",
  "room.timeout.other": "Przeciwnikowi skończył się czas: serwer wykonał za niego bezpieczny ruch.",
  "room.clock": "⏱ {n} s",
  "room.rules": "Zasady",

  "sol.stock_one": "Talia, {cards}: odkryj jedną",
  "sol.stock_three": "Talia, {cards}: odkryj trzy",
  "sol.stock_empty": "Talia pusta: przełóż stos odkrytych z powrotem",
  "sol.waste_label": "Stos odkrytych, {cards}",
  "sol.foundations": "Stosy końcowe",
  "sol.empty_foundation": "Stos końcowy {n}: pusty, na {suit}",
  "sol.on_foundation": "Stos końcowy {n}: {card} ({cards})",
  "sol.column_label": "Kolumna {n}: zakryte {down}, odkryte {up}",
  "sol.empty_column": "Pusta kolumna {n}",
  "sol.thinking": "Myślę…",
  "sol.searching": "Szukam…",
  "sol.draw_label": "Ile kart odkrywa talia",
  "sol.draw1": "Po 1 karcie",
  "sol.draw3": "Po 3 karty",
  "sol.code_placeholder": "kod rozdania",
  "sol.new_deal": "Nowe rozdanie",
  "sol.winnable_title": "Tylko rozdania, dla których serwer już znalazł drogę do wygranej",
  "sol.winnable": "tylko rozdania do wygrania",
  "sol.today": "Rozdanie dnia",
  "sol.same": "To samo rozdanie",
  "sol.play_code": "Graj tym kodem",
  "sol.new_game": "Nowa gra",
  "sol.copy": "Kopiuj",
  "sol.daily_code": "Rozdanie dnia: jego kod będzie jawny jutro (UTC)",
  "sol.copy_label": "Kopiuj kod rozdania {code}",
  "sol.score": "Wynik {n}",
  "sol.moves": "Ruchy {n}",
  "sol.undo": "Cofnij",
  "sol.hint": "Podpowiedź",
  "sol.can_win": "Czy da się jeszcze wygrać?",
  "sol.ranked_no_help": "Podejście do tabeli wyników: bez podpowiedzi",
  "sol.interactive": "interaktywne zasady",
  "sol.won_you": "Wygrywasz!",
  "sol.won": "Partia wygrana!",
  "sol.win_line": "Wynik {score} · {moves} · {code}.",

  "pile.from.waste": "ze stosu odkrytych",
  "pile.from.foundation_any": "ze stosu końcowego",
  "pile.from.foundation": "ze stosu końcowego {n}",
  "pile.from.column": "z kolumny {n}",
  "pile.to.waste": "na stos odkrytych",
  "pile.to.foundation_any": "na stos końcowy",
  "pile.to.foundation": "na stos końcowy {n}",
  "pile.to.column": "na kolumnę {n}",
  "hint.none": "Teraz żaden ruch nie pomaga.",
  "hint.stock": "Odkryj kartę z talii.",
  "hint.recycle": "Przełóż stos odkrytych z powrotem do talii.",
  "hint.cards.top": "wierzchnią kartę",
  "hint.cards.one": "kartę {card}",
  "hint.cards.run": { one: "{n} kartę od {card}", few: "{n} karty od {card}", many: "{n} kart od {card}", other: "{n} karty od {card}" },
  "hint.move": "Przenieś {cards} {from} {to}.",
  "hint.sure.winnable": "Po tym ruchu rozdanie nadal da się wygrać.",
  "hint.sure.lost": "Stąd nie da się już wygrać, ale to najlepsza próba.",
  "hint.sure.samples": "Część kart jest jeszcze zakryta, więc sprawdzono {samples}: ten ruch wygrał w {wins} z nich.",
  "hint.sure.unknown": "Nie wiadomo: za dużo możliwości, żeby sprawdzić je na czas, ale ten ruch wygląda najlepiej.",
  "hint.line": "Podpowiedź: {move} {sure}",
  "verdict.yes": "Tak, to rozdanie da się jeszcze wygrać.",
  "verdict.no": "Nie: stąd nie da się już wygrać.",
  "verdict.unknown": "Nie wiadomo: za dużo możliwości, żeby sprawdzić je na czas.",

  "replay.title": "Powtórka {id}",
  "replay.position": "Ruch {at} z {total}",
  "replay.hand": "Rozdanie {n}",
  "replay.jump": "Przejdź do rozdania",
  "replay.first": "Pierwszy ruch",
  "replay.back": "Krok wstecz",
  "replay.play": "Odtwórz",
  "replay.pause": "Pauza",
  "replay.forward": "Krok naprzód",
  "replay.last": "Ostatni ruch",
  "replay.controls": "Sterowanie powtórką",
  "replay.scrub": "Miejsce w partii",
  "replay.sol_title": "Powtórka: {game} {code}",
  "replay.loading": "Wczytywanie powtórki…",
  "replay.none": "Brak powtórki",
  "replay.dealt": "Karty są rozdane.",
  "hindsight.button": "W którym momencie gra została przegrana?",
  "hindsight.note": "Z perspektywy czasu: analiza widzi każdą kartę tam, gdzie leżała, także zakryte i kolejność talii, których w trakcie gry nie było widać.",
  "hindsight.lost_at": "Do ruchu {n} rozdanie dało się jeszcze wygrać; po nim już nie.",
  "hindsight.never": "Nawet znając wszystkie karty, tego rozdania nie dało się wygrać.",
  "hindsight.still": "Gdy gra się skończyła, wciąż dało się wygrać.",
  "hindsight.unknown": "Nie wiadomo: za dużo możliwości, żeby sprawdzić je na czas.",
  "hindsight.won_shorter": "Wygrana {moves}; dało się wygrać {best}.",
  "hindsight.won": "Wygrana {moves}; krótszej wygranej nie znaleziono.",
  "hindsight.button_won": "Czy dało się wygrać szybciej?",
  "hindsight.play": "Pokaż ruchy, które prowadzą do wygranej",
  "hindsight.back": "Wróć do gry",
  "review.button": "Analiza",
  "review.of": "Analiza: {name}",
  "review.title": "Ile kosztowała każda decyzja",
  "review.accuracy": "Dokładność {n} na 100",
  "review.scale": "100 znaczy, że każda decyzja była najlepsza, jaką znalazła analiza; im więcej oczekiwanych punktów oddały decyzje, tym mniej.",
  "review.hand": "rozdanie {n}: {accuracy}",
  "review.lost": "oddane oczekiwane punkty: przy dobieraniu {draw}, przy odrzucaniu {discard}",
  "review.decision": "Rozdanie {hand}: lepiej było {best} niż {chosen}: oczekiwany wynik średnio o około {points} pkt wyższy (±{margin}).",
  "review.to_marks": "Wróć do listy zaznaczonych decyzji",
  "review.mark.inaccuracy": "Niedokładność",
  "review.mark.mistake": "Błąd",
  "review.mark.blunder": "Poważny błąd",
  "review.clean": "Żadna decyzja nie kosztowała wiele: dobra gra.",
  "review.graph": "Szansa na wygranie meczu po każdej decyzji, z zaznaczonymi błędami",
  "review.loading": "Analizuję mecz…",
  "review.act.take_upcard": "wziąć odkrytą kartę",
  "review.act.pass": "nie brać odkrytej karty",
  "review.act.draw_discard": "wziąć kartę ze stosu odrzuconych",
  "review.act.draw_stock": "dobrać z talii",
  "review.act.discard": "odrzucić {card}",
  "review.act.knock": "zapukać, odrzucając {card}",

  "lobby.play_now": "Zagraj teraz z kimś",
  "lobby.play_now_text": "Spotkaj następnego gracza, który chce takiego samego meczu, z podobnym rankingiem.",
  "lobby.seeking": "Szukamy przeciwnika: mecz {kind} do {target}. Czekasz {time}.",
  "lobby.seek_rated": "rankingowy",
  "lobby.seek_casual": "towarzyski",
  "lobby.seek_rated_rule": "W meczach rankingowych nie łączymy dwóch graczy z tego samego adresu internetowego, żeby nikt nie mógł sam sobie podbić rankingu. Jeśli osoba, na którą czekasz, korzysta z tej samej sieci, zagrajcie mecz towarzyski.",
  "lobby.seek_switch_casual": "Szukaj meczu towarzyskiego",
  "lobby.cancel_seek": "Przestań szukać",
  "lobby.seek_expired": "Przez 5 minut nikt nie chciał takiego meczu. Spróbuj jeszcze raz albo zmień opcje.",
  "lobby.seek_replaced": "Szukasz meczu w innej karcie albo na innym urządzeniu.",
  "lobby.seek_reset": "Sekret gracza został właśnie zmieniony, więc szukanie meczu przerwano. Poszukaj jeszcze raz, aby zagrać.",
  "lobby.turn_clock": "Czas na ruch",
  "lobby.no_clock": "bez zegara",
  "lobby.seconds": "{n} s",
  "nav.watch": "Oglądaj",
  "watch.title": "Oglądaj gry na żywo",
  "watch.lead": "Publiczne mecze Gin Rummy rozgrywane teraz, od najwyżej notowanych graczy. Lista zmienia się, gdy gry się zaczynają i kończą.",
  "watch.featured": "Wyróżniona gra",
  "watch.no_featured": "Teraz nie trwa żaden mecz rankingowy dwóch graczy o ustalonym rankingu.",
  "watch.featured_soon": "Trwa wyróżniona gra: otwórz TV, aby ją oglądać.",
  "watch.tv": "Oglądaj TV",
  "watch.tv_title": "TV: wyróżniona gra",
  "watch.tv_waiting": "Teraz nie trwa żaden mecz rankingowy: następny pojawi się tu, gdy się zacznie.",
  "watch.live": "Gry na żywo",
  "watch.none": "Teraz nie trwa żadna publiczna gra.",
  "watch.rated_name": "{name} ({rating})",
  "watch.provisional_rating": "{rating}?",
  "watch.hand": "rozdanie {n}",
  "watch.to": "do {n}",
  "watch.rated": "rankingowy",
  "lobby.seek_busy": "Serwer jest zbyt zajęty, by czekać na przeciwnika; spróbuj za chwilę.",
  "lobby.no_show": "Przeciwnik się nie pojawił, więc tę grę odwołano. Szukamy kogoś innego z tymi samymi ustawieniami.",
  "lobby.title": "Zagraj w Gin Rummy i pasjanse",
  "lobby.lead": "Wybierz grę i graj od razu. Nie znasz którejś? Każda gra ma zasady, porady i przykłady na żywo.",
  "lobby.learn_all": "Poznaj gry",
  "lobby.name": "Twoje imię",
  "lobby.solitaire": "Pasjanse",
  "lobby.reflechi1": "Réfléchi, po 1 karcie",
  "lobby.reflechi3": "Réfléchi, po 3 karty",
  "lobby.deal_code": "kod rozdania (opcjonalnie)",
  "lobby.room_code": "kod pokoju albo link",
  "lobby.code_empty": "Najpierw wpisz kod pokoju albo wklej link.",
  "lobby.play_bot.easy": "Zagraj z łatwym botem",
  "lobby.play_bot.normal": "Zagraj ze zwykłym botem",
  "lobby.play_bot.hard": "Zagraj z trudnym botem",
  "lobby.play_bot.expert": "Zagraj z botem ekspertem",
  "lobby.bot_text.easy": "Trzyma pary, pozbywa się wysokich kart, puka dopiero, gdy prawie skończy.",
  "lobby.bot_text.normal": "Bierze odrzucone karty, które mu pomagają, i puka, gdy tylko może.",
  "lobby.bot_text.hard": "Ocenia, które niewidoczne karty mu pomogą, i zatrzymuje te, których potrzebujesz.",
  "lobby.bot_text.expert": "Odczytuje twoją rękę z tego, co bierzesz, i z tego, z czego rezygnujesz.",
  "lobby.friend": "Zagraj ze znajomym",
  "lobby.friend_text": "Twój własny pokój: wyślij znajomemu link z zaproszeniem.",
  "lobby.daily": "Mecz dnia",
  "lobby.daily_text": "Przeciwko zwykłemu botowi, dziś z tymi samymi kartami dla wszystkich.",
  "lobby.sol_text.eh": "Dwie talie, dziewięć kolumn, jedna karta naraz.",
  "lobby.sol_text.tf1": "Wszystkie karty odkryte; talia odkrywa po jednej.",
  "lobby.sol_text.tf3": "Wszystkie karty odkryte; talia odkrywa po trzy.",
  "lobby.todays_deal": "Rozdanie dnia",
  "lobby.new_deal": "Nowe rozdanie",
  "lobby.todays_deal_of": "Rozdanie dnia: {game}",
  "lobby.new_deal_of": "Nowe rozdanie: {game}",
  "lobby.learn": "Nauka",
  "lobby.learn_game": "Poznaj {game}",
  "lobby.learn_text": "Zasady, porady, historia, pytania i przykłady na żywo.",
  "lobby.more": "Więcej opcji",
  "lobby.match_options": "Mecze Gin Rummy",
  "lobby.match_to": "Gra do",
  "lobby.public": "publiczny: widoczny poniżej, każdy może go oglądać albo do niego dołączyć",
  "lobby.rated": "rankingowy: mecz z inną osobą zmienia rankingi obu graczy",
  "lobby.watch_bots": "Oglądaj grę dwóch botów",
  "lobby.first_bot": "Pierwszy bot",
  "lobby.second_bot": "Drugi bot",
  "lobby.open_hands": "pokaż obie ręce",
  "lobby.watch_start": "Oglądaj",
  "lobby.by_code": "Rozdanie pasjansa według kodu",
  "lobby.play": "Graj",
  "lobby.have_code": "Masz kod pokoju albo link?",
  "lobby.open": "Otwórz",
  "lobby.rooms": "Pokoje publiczne",
  "lobby.replays": "Powtórki",
  "lobby.loading": "Wczytywanie…",
  "lobby.no_rooms": "Teraz nie ma publicznych pokoi. Załóż pierwszy!",
  "lobby.no_replays": "Nie ma jeszcze skończonych gier.",
  "lobby.replays_unavailable": "Powtórki są niedostępne.",
  "lobby.open_seat": "wolne miejsce",
  "lobby.player": "gracz",
  "lobby.solo_row": "{game}: {who}",
  "lobby.vs": "{a} – {b}",
  "lobby.row_info": "{status} · {scores} · {spectators}",
  "lobby.status.waiting": "czeka",
  "lobby.status.playing": "w grze",
  "lobby.status.finished": "skończony",
  "lobby.join": "Dołącz",
  "lobby.watch": "Oglądaj",
  "lobby.replay": "Powtórka",
  "lobby.replay_solo": "{code}: {name}",
  "lobby.replay_won": "wygrana, wynik {score}, {moves}",
  "lobby.replay_lost": "bez wygranej, wynik {score}, {moves}",
  "lobby.winner": "wygrywa {name}",
  "lobby.no_winner": "bez zwycięzcy",
  "lobby.replay_info": "{winner} {scores} · {when}",

  "settings.title": "Ustawienia",
  "settings.language": "Język",
  "settings.interactiveRules": "Interaktywne zasady",
  "settings.interactiveRules.help": "Gdy ruch w pasjansie zostanie odrzucony, gra pokazuje zasadę, która na niego nie pozwala.",
  "settings.doubleTap": "Podwójne kliknięcie",
  "settings.doubleTap.help": "Drugie szybkie dotknięcie karty szuka dla niej miejsca na planszy: najpierw w najdłuższej kolumnie, potem, dla króla, w pustej kolumnie. Po wyłączeniu dotknięcie sprawdza tylko stosy końcowe.",
  "settings.fourColour": "Cztery kolory",
  "settings.fourColour.help": "Karo na niebiesko, trefle na zielono, żeby żadne dwa kolory nie były do siebie podobne.",
  "settings.cardSize": "Rozmiar kart",
  "settings.cardSize.small": "Małe",
  "settings.cardSize.medium": "Średnie",
  "settings.cardSize.large": "Duże",
  "settings.animations": "Animacje",
  "settings.animations.help": "Karty płynnie przesuwają się na nowe miejsce. Zawsze wyłączone, gdy system prosi o ograniczenie ruchu.",
  "settings.sound": "Dźwięk",
  "settings.sound.help": "Ciche dźwięki przy ruchu karty, pukaniu, odrzuconym ruchu i wygranej.",
  "settings.mutePhrases": "Ukryj zwroty przeciwnika",
  "settings.mutePhrases.help": "Nie zobaczysz tego, co drugi gracz mówi przy stole („Powodzenia!”, „Jeszcze jedna partia?”).",
  "settings.close": "Gotowe",

  "learn.title": "Poznaj gry",
  "learn.intro": "Każda gra ma zasady, porady, trochę historii, odpowiedzi na częste pytania i przykłady, na których można zagrać.",
  "learn.crumbs": "Jesteś tutaj",
  "learn.pages": "Strony o tej grze",
  "learn.heading": "{game}: {page}",
  "learn.page.rules": "Zasady",
  "learn.page.tips": "Porady",
  "learn.page.history": "Historia",
  "learn.page.faq": "Pytania",
  "learn.page.examples": "Przykłady",
  "learn.play": "Graj teraz",
  "learn.loading": "Wczytywanie…",
  "learn.unavailable": "Przykłady są teraz niedostępne.",
  "learn.reset": "Od nowa",
  "learn.allowed": "Dozwolone: ruch został wykonany.",
  "learn.opponent": "Przeciwnik",
  "learn.again": "Spróbuj jeszcze raz",
  "learn.hand_over": "Rozdanie skończone: spróbuj jeszcze raz albo zacznij od nowa przyciskami powyżej.",
  "learn.full_page": "Otwórz w nowej karcie przeglądarki",
  "learn.close": "Zamknij",
  "refusal.gin_rummy.bad_action": "To nie jest ruch w Gin Rummy.",
  "refusal.gin_rummy.not_a_seat": "Ruchy wykonują tylko dwaj gracze, którzy zajęli miejsca.",
  "refusal.gin_rummy.not_your_turn": "To nie twój ruch.",
  "refusal.gin_rummy.upcard_offer": "Pierwsza tura zaczyna się od odkrytej karty: weź ją albo spasuj.",
  "refusal.gin_rummy.not_upcard_offer": "Odkrytą kartę można wziąć albo spasować tylko w pierwszej turze.",
  "refusal.gin_rummy.must_draw_stock": "Obaj gracze spasowali odkrytą kartę, więc gracz, który nie rozdawał, zaczyna od dobrania karty z talii.",
  "refusal.gin_rummy.already_drew": "Karta w tej turze jest już dobrana: teraz odrzuć kartę albo zapukaj.",
  "refusal.gin_rummy.must_draw_first": "Zanim odrzucisz kartę, dobierz jedną z talii albo ze stosu odrzuconych.",
  "refusal.gin_rummy.must_draw_before_knock": "Zanim zapukasz, dobierz kartę z talii albo ze stosu odrzuconych.",
  "refusal.gin_rummy.card_not_in_hand": "Tej karty nie masz w ręce.",
  "refusal.gin_rummy.discard_just_taken": "Karty wziętej właśnie ze stosu odrzuconych nie można odrzucić w tej samej turze.",
  "refusal.gin_rummy.knock_too_high": "Zapukać można tylko wtedy, gdy po odrzuceniu karty luźne karty dają najwyżej 10 punktów.",
  "refusal.gin_rummy.hand_in_play": "Rozdanie jeszcze trwa.",
  "refusal.gin_rummy.hand_over": "Rozdanie się skończyło; rozpocznij następne, żeby grać dalej.",
  "refusal.gin_rummy.match_over": "Mecz się skończył.",
  "refusal.solitaire.bad_action": "To nie jest ruch w pasjansie.",
  "refusal.solitaire.bad_pile": "Nie ma takiego stosu.",
  "refusal.solitaire.empty_pile": "Tam nie ma żadnej karty.",
  "refusal.solitaire.face_down": "Zakrytej karty nie można przenieść; odwraca się sama, gdy zostanie odsłonięta.",
  "refusal.solitaire.one_card": "Między kolumnami przenosi się tylko jedną kartę naraz; w całości może się przenieść jedynie sekwencja zaczynająca się od króla, i to tylko do pustej kolumny.",
  "refusal.solitaire.not_a_run": "Karty przenoszą się razem tylko wtedy, gdy tworzą sekwencję: barwy na przemian, każda karta o jedną rangę niższa od tej pod nią.",
  "refusal.solitaire.waste_top": "Ze stosu odkrytych można zagrać tylko wierzchnią kartą.",
  "refusal.solitaire.empty_needs_king": "Do pustej kolumny może trafić tylko król (albo sekwencja zaczynająca się od króla).",
  "refusal.solitaire.bad_build": "Kartę kładzie się na karcie przeciwnej barwy i dokładnie o jedną rangę wyższej.",
  "refusal.solitaire.foundation_one": "Na stos końcowy karty trafiają po jednej.",
  "refusal.solitaire.foundation_order": "Stos końcowy przyjmuje karty swojego koloru po jednej, od asa do króla.",
  "refusal.solitaire.ace_to_empty": "As trafia tylko na pusty stos końcowy swojego koloru.",
  "refusal.solitaire.foundation_to_foundation": "Kartę zdjętą ze stosu końcowego kładzie się na planszy.",
  "refusal.solitaire.to_waste": "Nie można kłaść kart na stos odkrytych ani do talii.",
  "refusal.solitaire.same_pile": "Karta już tam leży.",
  "refusal.solitaire.no_foundation": "Żaden stos końcowy nie przyjmuje jeszcze tej karty.",
  "refusal.solitaire.no_place": "Dla tej karty nie ma miejsca.",
  "refusal.solitaire.stock_empty": "Talia i stos odkrytych są puste.",
  "refusal.solitaire.nothing_to_undo": "Nie ma czego cofać (cofnąć można tylko ostatnie 100 działań).",
  "refusal.solitaire.won": "Partia jest wygrana: zacznij nową.",

  "error.bad_seek": "Szybkie parowanie oferuje mecze do 100, 50, 25 lub 10, bez zegara albo 20 lub 60 sekund na ruch.",
  "error.seat_kept": "To miejsce czeka na gracza, z którym je sparowano.",
  "error.no_offer": "Nie ma teraz propozycji rewanżu, na którą można odpowiedzieć.",
  "error.no_rematch": "Rewanż proponują sobie dwie osoby; z botem zacznij nowy mecz.",
  "error.match_on": "Rewanż można zaproponować po zakończeniu meczu.",
  "error.bad_player": "To nie jest identyfikator gracza.",
  "error.self_friend": "Nie możesz dodać samego siebie do znajomych.",
  "error.blocked": "Ten gracz nie przyjmuje od ciebie takich próśb.",
  "error.you_block": "Ten gracz jest przez ciebie zablokowany: najpierw go odblokuj.",
  "error.already_friends": "Już jesteście znajomymi.",
  "error.already_requested": "Twoje zaproszenie czeka na odpowiedź.",
  "error.no_request": "Nie ma już tu żadnego zaproszenia do znajomych.",
  "error.not_friends": "Tego gracza nie ma na twojej liście znajomych.",
  "error.not_blocked": "Ten gracz nie jest przez ciebie zablokowany.",
  "error.friends_full": "Twoja lista znajomych jest pełna (200 osób).",
  "error.their_friends_full": "Lista znajomych tego gracza jest pełna.",
  "error.too_many_requests": "Masz 20 zaproszeń czekających na odpowiedź; poczekaj, aż ktoś odpowie.",
  "error.their_requests_full": "Ten gracz ma zbyt wiele zaproszeń czekających na odpowiedź; spróbuj później.",
  "error.blocks_full": "Masz już 200 zablokowanych graczy – więcej się nie da.",
  "error.requests_per_hour": "W tej godzinie wysłano już sporo zaproszeń; spróbuj trochę później.",
  "error.too_many_seeks": "Zbyt wiele osób z twojej sieci już szuka meczu; spróbuj za chwilę.",
  "error.bad_frame": "Serwer nie mógł odczytać wiadomości z tej strony.",
  "error.unknown_type": "Serwer nie zna tego żądania.",
  "error.bad_field": "W żądaniu brakowało pola albo było ono błędne.",
  "error.hello_first": "Połączenie jeszcze się nawiązuje; spróbuj ponownie.",
  "error.version": "Ta strona jest nieaktualna: odśwież ją.",
  "error.no_room": "Nie ma takiego pokoju (sprawdź kod albo link).",
  "error.not_joined": "Nie jesteś w tym pokoju.",
  "error.not_solitaire": "Podpowiedzi są tylko w pasjansach.",
  "error.busy": "Serwer jeszcze nad tym pracuje; spróbuj za chwilę.",
  "error.spectator": "Widzowie tylko oglądają; ruchy wykonują gracze, którzy zajęli miejsca.",
  "error.bad_token": "Ten token nie należy do żadnego miejsca w tym pokoju.",
  "error.room_full": "Wszystkie miejsca są zajęte; możesz za to oglądać.",
  "error.seat_taken": "To miejsce jest zajęte.",
  "error.bad_seat": "W tym pokoju nie ma takiego miejsca.",
  "error.bad_room": "Takie ustawienia gry są niemożliwe.",
  "error.too_many_rooms": "Jedno połączenie może założyć tylko ograniczoną liczbę pokoi.",
  "error.waiting": "Gra zaczyna się, gdy wszystkie miejsca są zajęte.",
  "phrase.hello": "Cześć!",
  "phrase.good_luck": "Powodzenia!",
  "phrase.have_fun": "Miłej gry!",
  "phrase.nice_move": "Dobry ruch!",
  "phrase.nice_hand": "Niezłe karty!",
  "phrase.well_played": "Dobrze zagrane!",
  "phrase.thanks": "Dzięki!",
  "phrase.sorry": "Przepraszam!",
  "phrase.oops": "Ups!",
  "phrase.wow": "Ale numer!",
  "phrase.close_one": "Było blisko!",
  "phrase.thinking": "Chwilka, myślę…",
  "phrase.no_rush": "Spokojnie, nie ma pośpiechu.",
  "phrase.be_right_back": "Zaraz wracam.",
  "phrase.back": "Już jestem!",
  "phrase.lucky": "Ale mi się poszczęściło!",
  "phrase.unlucky": "Pech!",
  "phrase.good_game": "Dobra gra!",
  "phrase.one_more": "Jeszcze jedna partia?",
  "phrase.have_to_go": "Sorki, muszę już lecieć.",
  "phrase.button": "Powiedz…",
  "phrase.menu": "Powiedz coś przy stole",
  "error.bad_phrase": "Takiego zwrotu nie ma na liście.",
  "error.phrase_too_soon": "Jeden zwrot na 2 sekundy – odczekaj chwilę.",
  "error.phrase_limit": "W jednej partii możesz wysłać najwyżej 30 zwrotów.",
  "error.no_phrases": "Zwroty są tylko przy stole Gin Rummy, gdy grają dwie osoby.",
  "error.room_finished": "Ta gra się skończyła.",
  "error.bad_deal": "Ten kod albo numer nie oznacza żadnego rozdania.",
  "error.flood": "Za dużo wiadomości naraz: połączenie zostało zamknięte.",
  "error.internal": "Na serwerze coś poszło nie tak; nic nie zostało zmienione.",
  "error.offline": "Połączenie zostało przerwane; spróbuj ponownie.",
  "error.reconnecting": "Łączę ponownie: poczekaj chwilę i spróbuj jeszcze raz.",
  "error.no_replay": "Nie ma skończonej gry o tym identyfikatorze.",
  "error.in_progress": "Trwająca gra nie ma jeszcze powtórki.",
  "error.hand_in_play": "Trwające rozdanie nie ma analizy: poproś o nią po jego końcu.",
  "error.daily_not_over": "Rozdanie dnia, jego kod i powtórki będą dostępne, gdy dzień się skończy (UTC).",
  "error.no_example": "Nie ma przykładu o tej nazwie.",
  "error.too_large": "To żądanie jest za duże.",
  "error.bad_name": "Tego imienia nie można użyć: od 1 do 24 znaków, w tym co najmniej jedna litera, cyfra albo symbol, i nic, co wygląda jak puste miejsce.",
  "error.id_reused": "Ten ruch został już wysłany jako inny; spróbuj ponownie.",
  "error.bad_request_id": "Nie udało się utworzyć gry, bo strona wysłała błędne żądanie. Odśwież stronę i spróbuj jeszcze raz.",
  "error.request_reused": "O tę grę poproszono już z innymi ustawieniami; spróbuj jeszcze raz.",
  "error.reloaded": "Serwer utracił ostatnie ruchy tej gry: stół pokazuje ją teraz tak, jak została zapisana. Graj dalej od tego miejsca.",
  "error.unavailable": "Magazyn gier jest teraz nieosiągalny: nic nie zostało zmienione; spróbuj za chwilę.",
  "nav.boards": "Tabele wyników",
  "nav.profile": "Profil",
  "nav.friends": "Znajomi",
  "friends.add": "Dodaj do znajomych: {name}",
  "friends.accept_from": "Przyjmij zaproszenie od: {name}",
  "friends.request_sent": "Zaproszenie wysłane – {name} zobaczy je na stronie Znajomi.",
  "friends.are_friends": "Ty i {name} jesteście znajomymi.",
  "friends.title": "Znajomi",
  "friends.link": "Twój link dla znajomych: kto go otworzy, zaprosi cię do znajomych",
  "friends.copy": "Kopiuj",
  "friends.copied": "Skopiowano.",
  "friends.hide": "Ukryj moją obecność (znajomi zobaczą mnie jako niedostępnego)",
  "friends.incoming": "Zaproszenia do ciebie",
  "friends.outgoing": "Czekają na odpowiedź",
  "friends.list": "Twoi znajomi",
  "friends.blocked": "Zablokowani",
  "friends.none": "Nie masz jeszcze znajomych: wyślij komuś swój link.",
  "friends.none_incoming": "Nikt cię teraz nie zaprasza.",
  "friends.none_outgoing": "Żadne zaproszenie nie czeka.",
  "friends.none_blocked": "Nikogo nie blokujesz.",
  "friends.accept": "Przyjmij",
  "friends.decline": "Odrzuć",
  "friends.withdraw": "Cofnij",
  "friends.remove": "Usuń",
  "friends.block": "Zablokuj",
  "friends.unblock": "Odblokuj",
  "friends.watch": "Oglądaj",
  "friends.status.online": "Dostępny",
  "friends.status.playing": "W grze",
  "friends.status.offline": "Niedostępny",
  "friends.no_player": "Do znajomych potrzebny jest gracz: najpierw zacznij w lobby jako nowy gracz.",
  "challenge.button": "Wyzwij",
  "challenge.title": "Wyzwij gracza {name}",
  "challenge.send": "Wyślij wyzwanie",
  "challenge.cancel": "Anuluj",
  "challenge.rated": "rankingowa: partia zmieni rankingi obojga graczy",
  "challenge.public": "publiczna: każdy może oglądać",
  "challenge.kind_rated": "rankingowa",
  "challenge.kind_casual": "towarzyska",
  "challenge.region": "Wyzwania",
  "challenge.from": "{name} rzuca ci wyzwanie",
  "challenge.waiting": "Czekasz, aż {name} odpowie na wyzwanie",
  "challenge.accept": "Przyjmij",
  "challenge.decline": "Odrzuć",
  "challenge.withdraw": "Cofnij",
  "challenge.accepted_elsewhere": "To wyzwanie przyjęto na innym urządzeniu.",
  "challenge.go": "Idź do stołu",
  "challenge.state.accepted": "{name} przyjmuje wyzwanie: do stołu!",
  "challenge.state.declined": "{name} odrzuca twoje wyzwanie.",
  "challenge.state.withdrawn": "Wyzwanie zostało cofnięte.",
  "challenge.state.left": "Wyzwanie przepadło: nadawca wyszedł.",
  "challenge.state.expired": "Nikt nie odpowiedział przez minutę: wyzwanie wygasło.",
  "error.self_challenge": "Nie możesz wyzwać samego siebie.",
  "error.bad_challenge": "Takich ustawień partii nie ma.",
  "error.no_challenge": "Tego wyzwania nie ma (już).",
  "error.challenge_open": "Twoje poprzednie wyzwanie wciąż czeka: najpierw je cofnij.",
  "error.their_challenges_full": "Na tego znajomego czeka teraz za dużo wyzwań.",
  "error.challenge_taken": "To wyzwanie zostało już przyjęte na innym urządzeniu.",
  "error.challenge_expired": "Za późno: wyzwanie czekało minutę i wygasło.",
  "error.challenge_ended": "To wyzwanie odrzucono albo cofnięto.",
  "error.challenger_seeking": "Twój znajomy szuka teraz innej partii.",
  "error.you_are_seeking": "Szukasz teraz szybkiej partii: przestań szukać, a potem przyjmij wyzwanie.",
  "error.challenger_playing": "Twój znajomy gra teraz przy stole.",
  "error.challenger_in_challenge": "Twój znajomy właśnie poszedł do stołu z innego wyzwania.",
  "error.in_challenge": "Masz już przyjęte inne wyzwanie: jego stół czeka.",
  "error.pair_limit": "Rozegraliście dziś już trzy partie rankingowe: tę zagrajcie towarzysko.",
  "error.same_network": "Partia rankingowa wymaga dwóch różnych sieci: zaproponuj towarzyską.",
  "player.title": "Gracz",
  "player.loading": "Wczytywanie…",
  "player.since": "Gra tutaj od {date}",
  "player.today": "Dzisiejsze miejsca",
  "player.rank": "miejsce {rank} z {total}",
  "player.no_ranks": "Dziś jeszcze żadna gra nie trafiła do tabeli wyników.",
  "player.rating": "Ranking w Gin Rummy",
  "player.rating_value": "Ranking {rating} (± {rd})",
  "player.rating_provisional": "Ranking {rating}? (± {rd}), tymczasowy",
  "player.provisional_note": "Nowy ranking jest tymczasowy, dopóki nie stanie się dość pewny i nie zmierzy się z graczami z trzech różnych sieci. Do tego czasu zmienia się po każdym meczu rankingowym, ale gracz o ustalonym rankingu nic nie zyskuje, wygrywając z nim, a on sam nie trafia do tabeli rankingowej.",
  "player.unrated": "Jeszcze żadnego meczu rankingowego: zagraj ze znajomym w pokoju rankingowym.",
  "player.rating_chart": "Ranking po każdym meczu rankingowym, z niepewnością",
  "player.shares": "Odsetek wygranych gier",
  "player.solitaires": "Pasjanse",
  "player.people": "Ludzie",
  "player.col.line": "Gra",
  "player.col.played": "Rozegrane",
  "player.col.won": "Wygrane",
  "player.col.share": "Odsetek wygranych",
  "player.col.streak": "Seria",
  "player.col.best_streak": "Najlepsza seria",
  "player.col.best_score": "Najlepszy wynik",
  "player.col.mean_score": "Średni wynik",
  "player.col.fastest_moves": "Najmniej ruchów do wygranej",
  "player.col.fastest_time": "Najszybsza wygrana",
  "player.col.opponent": "Przeciw",
  "player.col.matches": "Mecze",
  "player.col.matches_won": "Wygrane mecze",
  "player.col.hands": "Rozdania",
  "player.col.hands_won": "Wygrane rozdania",
  "player.col.gins": "Giny",
  "player.col.knocks": "Pukania",
  "player.col.undercuts_given": "Zadane podcięcia",
  "player.col.undercuts_suffered": "Doznane podcięcia",
  "player.col.mean_points": "Punkty na rozdanie",
  "player.games": "Ostatnie gry",
  "player.won": "Wygrana",
  "player.lost": "Przegrana",
  "player.score": "Wynik {points}",
  "player.replay": "Powtórka",
  "player.none": "Jeszcze żadnej ukończonej gry.",
  "player.you": "Twój gracz",
  "player.device": "Użyj na innym urządzeniu",
  "player.device_warning": "Każdy, kto otworzy ten link, gra jako ty. Otwieraj go tylko na własnych urządzeniach i nikomu go nie pokazuj.",
  "player.device_qr": "Kod QR linku: zeskanuj go drugim urządzeniem",
  "player.copy": "Skopiuj link",
  "player.copied": "Link skopiowany.",
  "player.reset": "Utwórz nowy sekret",
  "player.reset_confirm": "Utworzyć nowy sekret? Każde inne urządzenie zalogowane jako ty i każdy utworzony link przestaną działać.",
  "player.reset_done": "Działa nowy sekret: starsze linki i inne urządzenia nie logują już jako twój gracz.",
  "player.sign_out": "Wyloguj",
  "player.sign_out_confirm": "Wylogować na tym urządzeniu? Bez linku z innego urządzenia nie wrócisz jako ten gracz.",
  "player.signed_out": "Na tym urządzeniu nie jesteś zalogowany jako gracz.",
  "player.signed_out_reset": "To urządzenie zostało wylogowane, bo sekret gracza zmieniono na innym urządzeniu. Otwórz nowy link urządzenia, żeby znów się zalogować, albo zacznij jako nowy gracz.",
  "player.unrated.aborted": "(bez rankingu: przerwany, zanim obaj zagrali)",
  "player.unrated.no_hand": "(bez rankingu: żadne rozdanie się nie skończyło)",
  "player.unrated.same_address": "(bez rankingu: obaj gracze korzystali w tym miesiącu z jednej sieci)",
  "player.unrated.provisional_opponent": "(bez zysku w rankingu: ranking przeciwnika jest jeszcze tymczasowy)",
  "player.unrated.pair_limit": "(bez rankingu: więcej niż trzy mecze rankingowe dziś z tym graczem)",
  "player.new": "Zacznij jako nowy gracz",
  "player.too_many": "Z tej sieci utworzono już tylu nowych graczy, ilu można w ciągu godziny, więc serwer nie utworzył gracza dla tego urządzenia. Spróbuj ponownie najpóźniej za godzinę. Do tego czasu możesz grać z botami i w pasjansa bez gracza; szybkie parowanie i mecze rankingowe wymagają gracza.",
  "player.too_many_for": {
    one: "Z tej sieci utworzono już tylu nowych graczy, ilu można w ciągu godziny, więc serwer nie utworzył gracza dla tego urządzenia. Spróbuj ponownie mniej więcej za {n} minutę. Do tego czasu możesz grać z botami i w pasjansa bez gracza; szybkie parowanie i mecze rankingowe wymagają gracza.",
    few: "Z tej sieci utworzono już tylu nowych graczy, ilu można w ciągu godziny, więc serwer nie utworzył gracza dla tego urządzenia. Spróbuj ponownie mniej więcej za {n} minuty. Do tego czasu możesz grać z botami i w pasjansa bez gracza; szybkie parowanie i mecze rankingowe wymagają gracza.",
    many: "Z tej sieci utworzono już tylu nowych graczy, ilu można w ciągu godziny, więc serwer nie utworzył gracza dla tego urządzenia. Spróbuj ponownie mniej więcej za {n} minut. Do tego czasu możesz grać z botami i w pasjansa bez gracza; szybkie parowanie i mecze rankingowe wymagają gracza.",
    other: "Z tej sieci utworzono już tylu nowych graczy, ilu można w ciągu godziny, więc serwer nie utworzył gracza dla tego urządzenia. Spróbuj ponownie mniej więcej za {n} minuty. Do tego czasu możesz grać z botami i w pasjansa bez gracza; szybkie parowanie i mecze rankingowe wymagają gracza.",
  },
  "player.link_refused": "Ten link urządzenia już nie działa: sekret gracza zmieniono po jego utworzeniu albo link jest ucięty. Na urządzeniu, które jest zalogowane, otwórz profil i wyświetl nowy link.",
  "line.gin_rummy": "Gin Rummy",
  "line.easy_harp": "Easy Harp",
  "line.reflechi_draw1": "Réfléchi, po 1 karcie",
  "line.reflechi_draw3": "Réfléchi, po 3 karty",
  "board.title": "Tabele wyników",
  "board.ratings": "Ranking graczy Gin Rummy",
  "board.ratings_text": "Gracze o ustalonym rankingu, dość pewnym (niepewność poniżej {rd}); rankingów tymczasowych tu nie ma.",
  "board.col.rank": "Miejsce",
  "board.col.name": "Gracz",
  "board.col.result": "Wynik gry",
  "board.col.margin": "Przewaga",
  "board.col.hands": "Rozdania",
  "board.col.score": "Punkty",
  "board.col.moves": "Ruchy",
  "board.col.time": "Czas",
  "board.col.replay": "Powtórka",
  "board.col.rating": "Ranking",
  "board.col.games": "Mecze",
  "board.empty": "Nikogo tu jeszcze nie sklasyfikowano.",
  "board.previous": "Poprzedni dzień",
  "board.next": "Następny dzień",
  "board.you": "Twoje miejsce: {rank} z {total}",
  "board.replays_later": "Liczy się tylko pierwsze podejście każdego gracza danego dnia. Powtórki otwierają się po końcu dnia (UTC).",
  "board.left": "Walkower",
  "board.rules.gin_rummy": "Kolejność: najpierw mecze rozegrane do końca (wygrane i przegrane), potem oddane walkowerem (kto odchodzi, przegrywa mecz). Gracz, który zaczął dziś, trafia do tabeli po skończeniu dowolnej gry.",
  "board.rules.solitaire": "Kolejność: liczy się pierwsze podejście, mierzone od chwili, gdy usiądziesz, bez podpowiedzi; do jego końca nie można ćwiczyć na tym samym rozdaniu. Gracz, który zaczął dziś, trafia do tabeli po skończeniu dowolnej gry.",
  "error.player_not_found": "Nie ma gracza o takim id.",
  "error.no_board": "Nie ma takiej tabeli wyników.",
  "error.bad_date": "Ta data nie jest dniem (RRRR-MM-DD).",
  "error.bad_secret": "Klucz gracza na tym urządzeniu jest uszkodzony; zacznij jako nowy gracz albo użyj swojego linku ponownie.",
  "error.unknown_player": "Ten klucz gracza już nie działa (został zresetowany albo wygasł); zacznij jako nowy gracz.",
  "error.no_player": "Do szybkiego parowania potrzebny jest gracz: odśwież stronę, a zostanie utworzony.",
  "error.too_many_players": "Zbyt wielu nowych graczy z twojej sieci; spróbuj później.",
  "error.bad_settings": "Te ustawienia są za duże, by zapisać je przy graczu.",
  "error.signed_out": "To urządzenie zostało wylogowane: sekret gracza został zmieniony. Zaloguj się ponownie nowym linkiem urządzenia.",
  "error.ranked_unfinished": "Twoje podejście do dzisiejszego rozdania, liczone do tabeli wyników, jest jeszcze otwarte: najpierw je skończ (opuszczona gra kończy się sama). Potem możesz ćwiczyć.",
  "error.ranked_no_help": "W podejściu do dzisiejszego rozdania, liczonym do tabeli wyników, nie ma podpowiedzi: tabela liczy to, co znajdziesz sam. W grach treningowych działają.",

  // ---- strony nauki ----------------------------------------------------------------------
  "learn.gin-rummy.summary": "Dwoje graczy dobiera i odrzuca karty, ścigając się, kto pierwszy ułoży dziesięć kart w grupy i sekwensy.",
  "learn.gin-rummy.rules": `
## Cel gry
Gra dwoje graczy jedną talią 52 kart. Każdy stara się ułożyć karty z ręki w układy, zanim zrobi to przeciwnik, i zakończyć rozdanie, gdy przeciwnik trzyma jeszcze wysokie luźne karty.

## Rozdanie
Każdy gracz dostaje 10 kart. Następną kartę odkrywa się i zaczyna nią stos odrzuconych: to odkryta karta. Reszta leży zakryta jako talia. Po każdym rozdaniu, w którym ktoś zdobył punkty, rozdaje drugi gracz.

## Układy
- **Grupa** to 3 albo 4 karty tej samej wartości, na przykład [7S] [7D] [7C].
- **Sekwens** to co najmniej 3 kolejne karty w jednym kolorze, na przykład [4H] [5H] [6H].
- As jest najniższy: [AS] [2S] [3S] to sekwens, a [QS] [KS] [AS] nie.
- Karta należy najwyżej do jednego układu.

Gra sama znajduje twoje układy i pokazuje je jako kolorowe paski pod kartami. Gdy karta pasuje i do grupy, i do sekwensu, gra wybiera ułożenie, przy którym zostaje najmniej punktów w luźnych kartach.

## Luźne karty
Karty, które nie należą do żadnego układu, są luźne. As liczy się za 1, karty od 2 do 10 według swojej wartości, a walet, dama i król po 10. Suma twoich luźnych kart jest zawsze widoczna obok ręki.

## Tura
- Dobierz jedną kartę: wierzchnią z talii albo wierzchnią ze stosu odrzuconych.
- Potem wybierz jedną kartę z ręki i ją odrzuć.
- Karty wziętej właśnie ze stosu odrzuconych nie można odrzucić w tej samej turze.

## Pierwsza tura
Gracz, który nie rozdawał, może wziąć odkrytą kartę albo spasować. Po pasie ten sam wybór ma rozdający. Jeśli obaj spasują, gracz, który nie rozdawał, zaczyna od dobrania karty z talii.

## Pukanie i gin
Jeśli po dobraniu karty luźne karty dawałyby najwyżej 10 punktów po odrzuceniu którejś karty, możesz wybrać tę kartę i zamiast zwykłego odrzucenia **zapukać**. Rozdanie się kończy. Bez żadnej luźnej karty jest to **gin**. Pukanie nigdy nie jest obowiązkowe: możesz grać dalej o mniejszą sumę albo o gina.

## Dokładanie
Po zapukaniu (nigdy po ginie) luźne karty obrońcy dokłada się do układów pukającego: sekwens rośnie z obu stron, dopóki starcza kart, a trzykartowa grupa przyjmuje czwartą kartę. Gra robi to za obrońcę, tak żeby zostało mu jak najmniej. Pukający nigdy nie dokłada.

## Punkty za rozdanie
| Wynik | Kto dostaje punkty | Punkty |
|---|---|---|
| Pukanie, pukający ma mniej w luźnych kartach | pukający | różnica |
| Pukanie, obrońca ma tyle samo albo mniej: podcięcie | obrońca | 25 + różnica |
| Gin | pukający | 25 + luźne karty obrońcy |
| Martwe rozdanie | nikt | 0 |

## Martwe rozdanie i koniec gry
Gdy gracz odrzuci kartę bez pukania, a w talii zostaną tylko dwie karty, rozdanie jest martwe: nikt nie dostaje punktów i ten sam gracz rozdaje ponownie. Kto dobierze pięćdziesiątą kartę, może jeszcze zapukać albo zrobić gina. Rozdania trwają, dopóki któryś gracz nie zdobędzie 100 punktów; innych premii nie ma.

## Gra tutaj
- Dotknij karty, żeby ją wybrać, i dotknij jeszcze raz, żeby ją puścić; przeciągnij kartę, żeby przesunąć ją w ręce.
- **Sortuj** kładzie najpierw układy, potem resztę według wartości. **Cały stos** pokazuje wszystkie karty ze stosu odrzuconych.
- **Odrzuć** i **Pukaj** działają na wybraną kartę; przycisk Pukaj pokazuje, ile zostanie ci w luźnych kartach.
- Na ruch niezgodny z zasadami gra nie pozwala, a stół mówi, która zasada go zabrania.
- Klawiatura: Tab dociera do każdego przycisku; na karcie Enter ją wybiera, strzałki w lewo i w prawo przechodzą między kartami, Shift ze strzałką przesuwa kartę w ręce, D ją odrzuca, a K puka nią.
- Link do pokoju jest zaproszeniem: wyślij go znajomemu. Gdy połączenie zostanie przerwane, wracasz na swoje miejsce.
- **Mecz dnia** toczy się przeciwko zwykłemu botowi, z tymi samymi kartami dla wszystkich tego dnia.
`,
  "learn.gin-rummy.tips": `
## Dobieranie
- Bierz kartę ze stosu tylko wtedy, gdy kończy układ albo prawie go kończy; w przeciwnym razie dobieraj z talii. To, co bierzesz ze stosu, widzi przeciwnik.
- Trzymaj pary i prawie gotowe sekwensy, na przykład [5H] z [7H]: zrobi z nich układ więcej niż jedna karta.

## Odrzucanie
- Wcześnie pozbywaj się wysokich luźnych kart: król, który zostanie ci w ręce, gdy przeciwnik zapuka, to 10 punktów.
- Patrz, co przeciwnik bierze, a z czego rezygnuje: widać wtedy, co zbiera. Nie dawaj mu tych kart.

## Pukanie
- Pukaj wcześnie, gdy możesz: szybkie pukanie z kilkoma punktami często jest lepsze niż czekanie na gina.
- Zastanów się dwa razy, zanim zapukasz z 8, 9 albo 10 punktami pod koniec rozdania: przeciwnik może być prawie gotowy, a podcięcie daje mu 25.
- Zanim zapukasz, spójrz na swoje sekwensy: do ich końców obrońca będzie dokładał karty.

## Boty
- Łatwy bot trzyma pary, pozbywa się wysokich kart i puka dopiero wtedy, gdy prawie skończy.
- Zwykły bot bierze odrzucone karty, które mu pomagają, pamięta, co bierzesz, i puka, gdy tylko może.
- Trudny bot ocenia, które niewidoczne karty by mu pomogły, zatrzymuje to, czego potrzebujesz, i sam wybiera chwilę na pukanie.
- Bot ekspert buduje obraz twojej ręki z tego, co bierzesz i z czego rezygnujesz, i według niego ocenia każde odrzucenie i każde pukanie. Boty widzą zawsze tylko to, co widziałby gracz na ich miejscu.
`,
  "learn.gin-rummy.history": `
## Remik dla dwojga
Gin Rummy należy do rodziny remika: gier, w których zbiera się karty w grupy i sekwensy, znanych na całym świecie w wielu odmianach. Gin to odmiana dla dwojga graczy, która zdobyła popularność w Stanach Zjednoczonych na początku dwudziestego wieku.

## Odmiana, w którą gra się tutaj
W gina gra się z wieloma drobnymi różnicami. Tutaj as jest zawsze najniższy, pukać można przy najwyżej 10 punktach, gin i podcięcie są warte po 25, a gra toczy się do 100 punktów, bez dodatkowych premii za grę czy za linie.
`,
  "learn.gin-rummy.faq": `
## Czym są luźne karty?
To karty spoza układów; liczy się sumę ich wartości. Im mniejsza, tym lepiej.

## Czy muszę zapukać, gdy mogę?
Nie. Możesz grać dalej o mniejszą sumę albo o gina. Pukanie to twój wybór.

## Czy muszę sam dokładać karty do układów przeciwnika?
Nie. Gdy przeciwnik zapuka, gra znajduje najlepszy sposób, żeby dołożyć twoje luźne karty do jego układów, i pokazuje wynik.

## Dlaczego nie mogę odrzucić karty wziętej przed chwilą ze stosu?
Taka jest zasada: karta wzięta ze stosu odrzuconych zostaje w ręce co najmniej jedną turę. Każdą inną kartę można odrzucić.

## Co to jest podcięcie?
Gdy po zapukaniu obrońca ma w luźnych kartach (po dokładaniu) tyle samo co pukający albo mniej, obrońca dostaje 25 punktów i różnicę.

## Czy dama, król i as tworzą sekwens?
Nie, as jest najniższy: as, dwójka, trójka to sekwens, a dama, król, as nie.

## Co się dzieje, gdy kończy się talia?
Gdy zwykłe odrzucenie zostawi w talii tylko dwie karty, rozdanie jest martwe: nikt nie dostaje punktów i ten sam gracz rozdaje ponownie.

## Czy boty widzą moje karty?
Nie. Bot dostaje dokładnie to, co widziałby gracz na jego miejscu: swoją rękę i stół.

## Co to jest mecz dnia?
Mecz przeciwko zwykłemu botowi, w którym każdy, kto gra tego dnia (według UTC), dostaje w kolejnych rozdaniach te same karty.

## Jak układa się tabela wyników meczu dnia?
Liczy się tylko twoje pierwsze podejście danego dnia. Najpierw mecze rozegrane do końca, wygrane przed przegranymi, potem według różnicy punktów. Kto odejdzie z gry (albo zbyt często przekroczy czas), przegrywa mecz walkowerem, a takie podejście plasuje się niżej niż każdy mecz rozegrany do końca, nawet przegrany bardzo wysoko.

## Czy ktoś może poznać dzisiejsze karty drugim graczem?
Tego dnia wszyscy grają tymi samymi kartami, więc drugie konto mogłoby je najpierw podejrzeć; nie da się temu zapobiec, można tylko podnieść koszt. Gracz utworzony dziś trafia do dzisiejszych tabel wyników dopiero po skończeniu dowolnej gry (wygranego pasjansa albo rozdania gin rummy rozegranego do końca); wcześniej jego pierwsze podejście dnia jest treningiem.

## Kiedy mecz zmienia mój ranking?
Mecz rankingowy dwojga ludzi liczy się, gdy oboje wykonali własny ruch (mecz opuszczony wcześniej jest przerwany), co najmniej jedno rozdanie skończyło się, w ciągu ostatnich 30 dni gracze ani razu nie korzystali z tej samej sieci (w domu, w kawiarni, w telefonie: z żadnej sieci, z której grało któreś z nich) i nie rozegrali już ze sobą tego dnia (UTC) trzech meczów rankingowych.

## Co znaczy „?” po rankingu?
Że ranking jest tymczasowy. Każdy nowy gracz zaczyna od 1500, a serwer nie odróżni jeszcze prawdziwego nowicjusza od zapasowej tożsamości założonej po to, by przegrywać. Ranking pozostaje tymczasowy, dopóki jego niepewność nie spadnie poniżej 110, a jego właściciel nie zagra meczów rankingowych z ludźmi z trzech różnych sieci. Ranking tymczasowy zmienia się po każdym meczu rankingowym, od pierwszego. Ranking ustalony nic nie zyskuje na wygranej z graczem o rankingu tymczasowym (lista gier to pokazuje), ale przegrana z nim liczy się jak zwykle: nikt nie może przegrać za ciebie. Rankingów tymczasowych nie ma na liście rankingów. Ranking nieużywany przez wiele miesięcy znów staje się niepewny i jest tymczasowy, dopóki gra go z powrotem nie ustali.

## Czy mogę porozmawiać z przeciwnikiem?
Tylko gotowymi zwrotami, bez wpisywania własnego tekstu. W partii dwóch osób przycisk **Powiedz…** nad stołem otwiera listę dwudziestu zwrotów („Powodzenia!”, „Dobry ruch!”, „Jeszcze jedna partia?”), a wybrany zwrot każdy gracz i widz czyta w swoim języku. Najwyżej jeden zwrot na 2 sekundy i 30 w partii. Widzowie widzą je tylko przy stole publicznym, powtórka je zachowuje, a ustawienie **Ukryj zwroty przeciwnika** (w Ustawieniach) sprawia, że zwroty drugiego gracza nie pojawiają się na twoim ekranie.
Że ranking jest tymczasowy. Każdy nowy gracz zaczyna od 1500, a serwer nie odróżni jeszcze prawdziwego nowicjusza od zapasowej tożsamości założonej po to, by przegrywać. Ranking pozostaje tymczasowy, dopóki jego niepewność nie spadnie poniżej 110, a jego właściciel nie zagra meczów rankingowych z ludźmi z trzech różnych sieci. Ranking tymczasowy zmienia się po każdym meczu rankingowym, od pierwszego. Ranking ustalony nic nie zyskuje na wygranej z graczem o rankingu tymczasowym (lista gier to pokazuje), ale przegrana z nim liczy się jak zwykle: nikt nie może przegrać za ciebie. Rankingów tymczasowych nie ma w tabeli rankingowej. Ranking nieużywany przez wiele miesięcy znów staje się niepewny i jest tymczasowy, dopóki gra go z powrotem nie ustali.

## Jak dodać kogoś do znajomych?
Na trzy sposoby: przyciskiem na profilu tej osoby, przyciskiem na koniec rozegranego z nią meczu albo swoim linkiem do znajomych (jest na stronie Znajomi, na górnym pasku) – kto go otworzy, wyśle ci zaproszenie. Druga strona je przyjmuje albo odrzuca, a do tego czasu zaproszenie czeka na stronach Znajomi u was obojga. Każde z was może w każdej chwili usunąć drugie ze znajomych. Możesz mieć najwyżej 200 znajomych, 20 własnych zaproszeń czekających na odpowiedź i 100 czekających na twoją; liczba zaproszeń wysłanych w ciągu godziny też jest ograniczona.

## Co widzą o mnie znajomi?
Czy jesteś niedostępny, dostępny, czy właśnie grasz – aktualne z dokładnością do paru sekund, na jakimkolwiek urządzeniu grasz. Gdy siedzisz przy publicznym stole, dostają też link, żeby go oglądać; przy prywatnym widzą tylko „W grze”, nigdy który to stół. Jeśli wolisz, żeby cię nie widziano, zaznacz na stronie Znajomi „Ukryj moją obecność”: wtedy wszyscy znajomi widzą cię jako niedostępnego.

## Co daje zablokowanie kogoś?
Kończy znajomość i kasuje zaproszenia między wami. Dopóki go nie odblokujesz, ta osoba nie wyśle ci zaproszenia ani wyzwania, nie zobaczy, czy jesteś w sieci, a szybkie dobieranie i propozycje rewanżu nigdy nie posadzą was przy jednym stole.

## Jak wyzwać znajomego na mecz?
Przyciskiem wyzwania obok jego imienia na stronie Znajomi; mecz ustawiasz tak jak w „Więcej opcji”: długość, czas na ruch, rankingowy albo towarzyski. Wyzwanie od razu pojawia się na każdym urządzeniu, które znajomy ma otwarte, z przyciskami „przyjmij” i „odrzuć”, a ty widzisz jego odpowiedź. Wyzwanie wygasa po minucie albo gdy wyjdziesz; nie da się go przyjąć, kiedy szukasz akurat przeciwnika, masz inne wyzwanie albo siedzisz przy stole. Wyzwanie rankingowe podlega tym samym zasadom co każdy mecz rankingowy.
`,
  "learn.gin-rummy.examples": `
Każdy przykład to prawdziwa pozycja zbudowana przez silnik gry; siedzisz na dolnym miejscu. Wypróbuj ruchy przyciskami albo zagraj je ręcznie na stole: ruch, na który zasady nie pozwalają, pokazuje zasadę, a dozwolony zostaje zagrany. **Od nowa** przywraca pozycję.
`,

  "learn.easy-harp.summary": "Dwie talie, dziewięć kolumn i jedna karta naraz: pasjans w najczystszej postaci.",
  "learn.easy-harp.rules": `
## W skrócie
Easy Harp to pasjans dla jednej osoby na dwie talie naraz: 104 karty, a wśród nich każda karta dwa razy. Kolumny buduje się w dół naprzemiennymi barwami, przenosząc jedną kartę naraz, a wszystkie 104 karty trzeba zebrać na ośmiu stosach końcowych, po dwa na kolor, od asa do króla.

## Układ początkowy
Na planszy leży dziewięć kolumn, od jednej karty w pierwszej do dziewięciu w ostatniej, razem 45 kart. Odkryta leży tylko karta na końcu każdej kolumny, a 36 pod nimi czeka zakrytych. Reszta, 59 kart, to zakryta talia; miejsca na stos odkrytych i na osiem stosów końcowych są na początku puste.

## Ruchy
- Na kolumnie: karta idzie na odkrytą kartę drugiej barwy, wyższą dokładnie o jedną rangę: czerwona na czarną, czarna na czerwoną. [7H] idzie na [8S] albo na [8C].
- Każda karta jest dwa razy, więc czarna szóstka ma cztery miejsca: dwie [7H] i dwie [7D].
- Ze stosu odkrytych do gry nadaje się tylko karta z wierzchu: na kolumnę albo na stos końcowy swojego koloru.
- Gdy zakryta karta zostanie odsłonięta, sama się odwraca.

Najniższy jest as, najwyższy król; po kolei: as, dwójka i dalej aż do dziesiątki, walet, dama, król.

## Jedna karta naraz
To ona sprawia, że Easy Harp nie jest zwykłym Klondike: z kolumny na kolumnę wędruje zawsze tylko karta z samego wierzchu. Gotowa sekwencja, na przykład [8S] [7H] [6C], nie przejdzie w całości na inną kolumnę, choćby jej pierwsza karta tam pasowała: trzeba ją rozebrać karta po karcie, zaczynając od dołu. Jeśli spróbujesz, ruch zostanie odrzucony, a przy włączonych interaktywnych zasadach (domyślnie) gra poda zasadę. Na stronie przykładów możesz to sprawdzić.

## Puste kolumny i sekwencje od króla
Pusta kolumna przyjmuje wyłącznie króla. I tylko tu zasada jednej karty ma wyjątek: sekwencję, która zaczyna się od króla i schodzi w dół naprzemiennymi barwami (do 13 kart, od króla do asa), można przenieść w całości do pustej kolumny i nigdzie indziej. Żadna inna karta nie może trafić do pustej kolumny, nawet po to, by odsłonić zakrytą kartę.

## Stosy końcowe
Na każdy z czterech kolorów przypadają dwa stosy końcowe, każdy oznaczony swoim kolorem. Rosną od asa do króla, karta za kartą. Asa można położyć wyłącznie na pustym miejscu jego koloru. Wystarczy upuścić kartę gdziekolwiek nad stosami końcowymi: sama wybierze pierwszy stos, który może ją przyjąć.

## Talia
Każde dotknięcie talii przekłada z niej jedną kartę, odkrytą, na stos odkrytych. Kiedy talia się wyczerpie, kolejne dotknięcie odwraca cały stos odkrytych z powrotem w zakrytą talię, bez zmiany kolejności. Talię można przekładać dowolnie wiele razy i nic to nie kosztuje.

## Koniec gry
Wygrana przychodzi, gdy na stosach końcowych zbiorą się wszystkie 104 karty. Porażki gra nie ogłasza nigdy: kiedy nie widać już sensownego ruchu, można cofać albo zacząć nowe rozdanie.

## Punktacja
| Ruch | Punkty |
|---|---|
| Każda karta, która trafia na stos końcowy | +10 |
| Zagranie karty ze stosu odkrytych na kolumnę | +5 |
| Zakryta karta, która się odwraca (dodatkowo do ruchu, który ją odsłonił) | +5 |
| Przełożenie stosu odkrytych do talii | 0 |
| Przeniesienie między kolumnami (jednej karty lub sekwencji od króla) | 0 |
| Powrót karty ze stosu końcowego na planszę | 0 |

Liczenie zaczyna się od zera, a wynik może tylko rosnąć: żaden ruch nie kosztuje punktów, a Cofnij odbiera tylko to, co dał cofnięty ruch. Punkty za stos końcowy każda karta daje tylko raz w partii, nawet jeśli się ją zdejmie i położy ponownie. Kto wygra, nie zdejmując żadnej karty, ma zawsze 1 220 punktów (104 × 10 + 36 × 5), plus po 5 za każde zagranie ze stosu odkrytych na kolumnę.

## Gra tutaj
- Nic nie rusza się samo i gra nigdy sama się nie kończy.
- Jedno dotknięcie karty z wierzchu posyła ją na pasujący stos końcowy, o ile taki jest. Dotknij dwa razy szybko (ustawienie podwójnego kliknięcia, domyślnie włączone), a jeśli żaden stos końcowy jej nie przyjmie, karta szuka miejsca na planszy: najpierw w najdłuższej kolumnie, potem, dla króla, w pustej kolumnie.
- Kartę można też po prostu przeciągnąć, również wierzchnią kartę stosu końcowego z powrotem na planszę; wynik się wtedy nie zmienia.
- **Cofnij** odwraca do 100 ostatnich działań i zabiera zdobyte w nich punkty; licznik ruchów liczy jednak dalej.
- Klawiatura: Spacja podnosi kartę (razem z kartami na niej), a Spacja na innym stosie ją tam kładzie; Enter to dotknięcie, Shift+Enter podwójne dotknięcie, Escape odkłada kartę.
- Rozdania są ponumerowane od 1 do 999 999, a numer widać w kodzie, takim jak EH1-N-AAAAAAF. W oknie **Nowa gra** czeka losowe nowe rozdanie, wspólne dla wszystkich rozdanie dnia, powtórka bieżącego rozdania i pole na dowolny kod.
- **Podpowiedź** proponuje ruch; **Czy da się jeszcze wygrać?** pyta serwer, czy wygrana jest jeszcze możliwa.
`,
  "learn.easy-harp.tips": `
## Początek gry
- Blokują cię zakryte karty: wybieraj ruchy, które jakąś odsłaniają (dają też 5 punktów).
- Wcześnie wysyłaj na stosy asy i dwójki; wyższe karty trzymaj na planszy, dopóki przydają się do budowania.
- Przejrzyj talię, żeby zobaczyć, co nadchodzi: to nic nie kosztuje.

## Kolumny
- Opróżniaj kolumnę tylko wtedy, gdy czeka na nią król: pusta kolumna nie przyjmie niczego innego.
- Zanim zbudujesz długą sekwencję, pomyśl, jak ją potem rozłożysz: sekwencje przenosi się karta po karcie, z wyjątkiem sekwencji od króla do pustej kolumny.
- Sekwencja od króla w pustej kolumnie jest bezpieczna: nigdy nie musi się już ruszać.

## Dwie talie
- Każda karta ma bliźniaka. Gdy jedna siódemka jest zasypana, poszukaj drugiej.
- Karta może mieć dwa stosy końcowe do wyboru: pamiętaj o obu miejscach swojego koloru.

## Gdy utkniesz
- Cofanie jest po to, żeby z niego korzystać: spróbuj jakiegoś planu i cofnij go, jeśli prowadzi donikąd.
- **Czy da się jeszcze wygrać?** mówi, czy z obecnej pozycji wygrana jest jeszcze możliwa.
`,
  "learn.easy-harp.history": `
## Pasjans na dwie talie
W pasjanse, gry karciane dla jednej osoby, gra się od końca osiemnastego wieku. Najbardziej znany z nich to Klondike, nazwany zapewne od kanadyjskiej gorączki złota z lat dziewięćdziesiątych XIX wieku, a Easy Harp należy do jego rodziny: kolumny budowane w dół naprzemiennymi barwami, talia i stosy końcowe od asa do króla.

## Co go wyróżnia
Easy Harp podwaja talię, poszerza planszę do dziewięciu kolumn i odbiera możliwość przenoszenia całych sekwencji, poza sekwencją od króla do pustej kolumny. Długie sekwencje trzeba budować i rozkładać karta po karcie: to cierpliwość w najczystszej postaci.
`,
  "learn.easy-harp.faq": `
## Dlaczego nie mogę przenieść sekwencji na inną kolumnę?
Z kolumny na kolumnę karty wędrują pojedynczo. W całości przenosi się tylko sekwencja zaczynająca się od króla i tylko do pustej kolumny.

## Dlaczego dama nie chce iść do pustej kolumny?
Do pustej kolumny może trafić tylko król, nawet wtedy, gdy przeniesienie innej karty odsłoniłoby zakrytą kartę.

## Dlaczego mój as trafił na drugie miejsce swojego koloru?
Każde z ośmiu miejsc ma swój kolor, po dwa na kolor. Karta ląduje na pierwszym miejscu, które ją przyjmie, a asa przyjmie tylko puste miejsce jego koloru.

## Czy przekładanie talii kosztuje punkty?
Nie. W Easy Harp talię można przekładać dowolnie często i za darmo.

## Czy Cofnij oddaje mi ruchy?
Cofanie przywraca pozycję i odejmuje punkty za to, co cofa, ale licznik ruchów liczy dalej.

## Co to jest kod rozdania?
Każde rozdanie ma numer od 1 do 999 999. W kodzie EH1-N-AAAAAAF człon EH1 to Easy Harp ze sposobem rozdawania 1, N znaczy, że nie wybrano żadnych opcji (Easy Harp ich nie ma), a siedem liter to numer zapisany literami (A to 0, B to 1 i tak dalej): AAAAAAF to rozdanie 5. Ten sam kod zawsze daje to samo rozdanie, razem z talią, więc można go wysłać znajomemu.

## Co to jest rozdanie dnia?
Rozdanie takie samo dla wszystkich tego dnia (według UTC), wybierane spośród rozdań, o których serwer sprawdził, że da się je wygrać.

## Czy każde rozdanie da się wygrać?
Nie. Żeby grać tylko rozdania, o których wiadomo, że da się je wygrać, zaznacz w oknie nowej gry „tylko rozdania do wygrania”.

## Dlaczego karta ponownie położona na stosie końcowym nie dała punktów?
Punkty za stos końcowy każda karta daje tylko raz w partii, więc zdejmowanie i ponowne odkładanie kart niczego nie dodaje.

## Jak układa się tabela wyników dzisiejszego rozdania?
Liczy się tylko twoje pierwsze podejście danego dnia, a czas biegnie od chwili, gdy usiądziesz do gry, nie od pierwszego ruchu. W tym podejściu podpowiedzi i „Czy da się jeszcze wygrać?” są wyłączone, a gry treningowej na tym samym rozdaniu nie otworzysz, dopóki się nie skończy (opuszczona gra kończy się sama po godzinie). Potem ćwicz, ile chcesz.

## Czy ktoś może poznać dzisiejsze rozdanie drugim graczem?
Tego dnia wszyscy dostają to samo rozdanie, więc drugie konto mogłoby je najpierw podejrzeć; nie da się temu zapobiec, można tylko podnieść koszt. Gracz utworzony dziś trafia do dzisiejszych tabel wyników dopiero po skończeniu dowolnej gry (wygranego pasjansa albo rozdania gin rummy rozegranego do końca); wcześniej jego pierwsze podejście dnia jest treningiem.
`,
  "learn.easy-harp.examples": `
Każdy przykład to prawdziwa pozycja Easy Harp zbudowana przez silnik gry. Wypróbuj ruchy przyciskami albo zagraj je ręcznie na planszy (dotknięcie, podwójne dotknięcie, przeciąganie): ruch, na który zasady nie pozwalają, pokazuje zasadę, a dozwolony zostaje zagrany. **Od nowa** przywraca pozycję.
`,

  "learn.reflechi.summary": "Klondike ze wszystkimi kartami odkrytymi: nic nie jest ukryte, wszystko trzeba przemyśleć.",
  "learn.reflechi.rules": `
## W skrócie
Solitaire Réfléchi to Klondike, w którym cała plansza jest rozdana odkryta. Jedna talia 52 kart: buduje się w dół naprzemiennymi barwami, przenosi uporządkowane sekwencje i zbiera wszystkie karty na czterech stosach końcowych, od asa do króla.

## Układ początkowy
Siedem kolumn po 1, 2 i tak dalej aż do 7 kart: razem 28 kart, wszystkie odkryte. To jedyna różnica w stosunku do rozdania w Klondike, gdzie widać tylko ostatnią kartę każdej kolumny. Pozostałe 24 karty tworzą zakrytą talię. Stos odkrytych i cztery stosy końcowe są na początku puste.

## Ruchy
- Na kolumnie: kartę kładzie się na ostatniej karcie kolumny, jeśli ma przeciwną barwę i jest dokładnie o jedną rangę niższa. [7H] idzie na [8S] albo na [8C].
- Ze stosu odkrytych do gry nadaje się tylko karta z wierzchu: na kolumnę albo na stos końcowy swojego koloru.
- Na stos końcowy: ostatnia karta kolumny albo wierzchnia karta stosu odkrytych, po jednej.

Najniższy jest as, najwyższy król; po kolei: as, dwójka i dalej aż do dziesiątki, walet, dama, król.

## Sekwencje
Kartę ze środka kolumny można przenieść razem ze wszystkimi kartami, które na niej leżą, jeśli te karty już tworzą sekwencję: barwy na przemian, każda karta o jedną rangę niższa od tej pod nią. Sekwencja ma więc najwyżej 13 kart, od króla do asa. Widać każdą kartę, ale nie każdą widoczną kartę można przenieść: jeśli karty na niej nie są uporządkowane, ruch zostaje odrzucony. Strona przykładów pokazuje to już na pierwszym rozdaniu.

## Puste kolumny
Do pustej kolumny może trafić tylko król, sam albo z uporządkowaną sekwencją, która na nim leży.

## Stosy końcowe
Każdy stos końcowy przyjmuje jeden kolor, od asa do króla, po jednej karcie. Ich miejsca są stałe: pik, kier, karo, trefl. Przeciągnij kartę na stosy końcowe, a sama znajdzie właściwy.

## Talia
Wybierz w oknie nowej gry:
- Po 1 karcie, łatwo, domyślnie: każde dotknięcie odkrywa jedną kartę, więc każdą kartę talii można po kolei zagrać.
- Po 3 karty, trudno: każde dotknięcie odkrywa trzy karty, rozłożone na stosie odkrytych. Zagrać można tylko ostatnią, a zagranie jej uwalnia kartę pod nią.

Kiedy talia się wyczerpie, kolejne dotknięcie odwraca w nią cały stos odkrytych, bez zmiany kolejności. Można to robić dowolnie często, ale każde przełożenie kosztuje 100 punktów.

## Koniec gry
Wygrana przychodzi, gdy na stosach końcowych zbiorą się wszystkie 52 karty. Porażki gra nie ogłasza nigdy: kiedy nie widać już sensownego ruchu, można cofać albo zacząć nowe rozdanie.

## Punktacja
| Ruch | Punkty |
|---|---|
| Każda karta, która trafia na stos końcowy | +10 |
| Zagranie karty ze stosu odkrytych na kolumnę | +5 |
| Przełożenie stosu odkrytych do talii | −100 |
| Przeniesienie między kolumnami albo powrót karty ze stosu końcowego | 0 |

Wynik zaczyna się od zera i nigdy nie spada poniżej zera, więc wczesne przełożenie talii może kosztować mniej niż 100 punktów. 52 karty na stosach końcowych dają 520; wygrana partia daje tyle i do tego 5 za każdą kartę zagraną ze stosu odkrytych na kolumnę, minus koszt przełożeń. W punktacji jest też +5 za odwróconą zakrytą kartę, ale tutaj nigdy się to nie zdarza: żadna karta nie jest zakryta.

## Gra tutaj
- Nic nie rusza się samo i gra nigdy sama się nie kończy. Dotknij ostatniej karty kolumny albo wierzchniej karty stosu odkrytych, żeby wysłać ją na jej stos końcowy; dotknij dwa razy szybko (ustawienie podwójnego kliknięcia), a jeśli żaden stos końcowy jej nie przyjmie, karta szuka miejsca na planszy: najpierw w najdłuższej kolumnie, potem, dla króla, w pustej kolumnie. Kartę można też po prostu przeciągnąć.
- Wierzchnią kartę stosu końcowego można przeciągnąć z powrotem na planszę; wynik się nie zmienia.
- **Cofnij** cofa do 100 ostatnich działań: ich punkty znikają, ale licznik ruchów się nie zmniejsza.
- **Interaktywne zasady** (domyślnie włączone): gdy ruch zostaje odrzucony, gra pokazuje zasadę, która na niego nie pozwala.
- Każde rozdanie ma kod, na przykład TF1-D1N-AAAAAAB, który odtwarza dokładnie to samo rozdanie, razem z talią. **Nowa gra** proponuje nowe rozdanie, rozdanie dnia, to samo rozdanie jeszcze raz albo dowolny kod, po 1 albo po 3 karty.
- Klawiatura: Spacja podnosi karty, a Spacja na innym stosie je tam kładzie; Enter to dotknięcie, Shift+Enter podwójne dotknięcie, Escape odkłada karty.
`,
  "learn.reflechi.tips": `
## Przed pierwszym ruchem
- Widzisz każdą kartę na planszy: poszukaj zasypanych asów i dwójek oraz tego, co je przykrywa.
- Policz, ilu ruchów potrzebuje zasypana karta, zanim się do niej zabierzesz; zacznij od kolumn, które uwalniają najwięcej.

## Sekwencje i kolumny
- Trzymaj sekwencje w porządku: nieuporządkowany stos można rozłożyć tylko od dołu, karta po karcie.
- Pusta kolumna jest bardzo cenna: zapełnij ją królem, który uwolni najwięcej kart.
- Nie spiesz się z wysyłaniem na stosy kart, które jeszcze przydają się do budowania.

## Talia
- Każde przełożenie talii kosztuje 100 punktów: przechodź przez nią z planem.
- Przy trzech kartach zagranie karty ze stosu odkrytych zmienia to, które karty pokażą się przy następnym przejściu: czasem zagranie jednej karty uwalnia tę, której potrzebujesz.

## Gdy utkniesz
- **Podpowiedź** proponuje ruch, a **Czy da się jeszcze wygrać?** mówi, czy wygrana jest jeszcze możliwa.
`,
  "learn.reflechi.history": `
## Klondike, tylko przemyślany
Klondike to najbardziej znany pasjans, nazwany zapewne od kanadyjskiej gorączki złota z lat dziewięćdziesiątych XIX wieku. Rozdany ze wszystkimi kartami odkrytymi zmienia charakter: nic nie zależy od ukrytych kart, a gra staje się planowaniem naprzód. Francuskie słowo réfléchi znaczy przemyślany i właśnie tego gra od ciebie wymaga.

## Gra dla myślących i dla komputerów
Gdy widać każdą kartę planszy, całą partię można rozpracować z góry. Matematycy i informatycy badali tę postać Klondike, czasem pod nazwą Thoughtful Solitaire, właśnie dlatego, że program może w niej szukać wygranej.
`,
  "learn.reflechi.faq": `
## Widzę wszystkie karty: dlaczego nie mogę przenieść tego stosu?
Stos przenosi się tylko wtedy, gdy karty na wybranej karcie tworzą sekwencję: barwy na przemian, każda o jedną rangę niższa od karty pod nią. Widoczna karta nie zawsze jest kartą, którą można przenieść.

## Co zmienia gra po 3 karty?
Każde dotknięcie odkrywa trzy karty i zagrać można tylko ostatnią. Zagranie jej uwalnia kartę pod nią. Przy grze po 1 karcie odkrywa się po jednej.

## Dlaczego wynik spadł o mniej niż 100?
Przełożenie stosu odkrytych kosztuje 100 punktów, ale wynik nigdy nie spada poniżej 0.

## Co to jest kod gry?
Kod, na przykład TF1-D1N-AAAAAAB, oznacza jedno rozdanie: TF1 to Réfléchi ze sposobem rozdawania 1, D1N to gra po 1 karcie (D3N po 3), a siedem liter to numer rozdania (A to 0, B to 1 i tak dalej). Ten sam kod zawsze odtwarza to samo rozdanie, razem z talią.

## Czy każde rozdanie da się wygrać?
Nie, nawet gdy widać wszystkie karty. Żeby grać tylko rozdania, o których wiadomo, że da się je wygrać, zaznacz w oknie nowej gry „tylko rozdania do wygrania”; rozdania dnia zawsze da się wygrać.

## Czym różni się od Klondike?
Tylko rozdaniem: każda karta na planszy jest odkryta. Ruchy, sekwencje i talia są takie jak w Klondike.

## Jak układa się tabela wyników dzisiejszego rozdania?
Liczy się tylko twoje pierwsze podejście danego dnia, a czas biegnie od chwili, gdy usiądziesz do gry, nie od pierwszego ruchu. W tym podejściu podpowiedzi i „Czy da się jeszcze wygrać?” są wyłączone, a gry treningowej na tym samym rozdaniu nie otworzysz, dopóki się nie skończy (opuszczona gra kończy się sama po godzinie). Potem ćwicz, ile chcesz.

## Czy ktoś może poznać dzisiejsze rozdanie drugim graczem?
Tego dnia wszyscy dostają to samo rozdanie, więc drugie konto mogłoby je najpierw podejrzeć; nie da się temu zapobiec, można tylko podnieść koszt. Gracz utworzony dziś trafia do dzisiejszych tabel wyników dopiero po skończeniu dowolnej gry (wygranego pasjansa albo rozdania gin rummy rozegranego do końca); wcześniej jego pierwsze podejście dnia jest treningiem.
`,
  "learn.reflechi.examples": `
Każdy przykład to prawdziwa pozycja Solitaire Réfléchi zbudowana przez silnik gry. Wypróbuj ruchy przyciskami albo zagraj je ręcznie na planszy (dotknięcie, podwójne dotknięcie, przeciąganie): ruch, na który zasady nie pozwalają, pokazuje zasadę, a dozwolony zostaje zagrany. **Od nowa** przywraca pozycję.
`,

  // ---- przykłady (server/examples) -------------------------------------------------------
  "ex.gin-rummy.melds.title": "Układy i luźne karty",
  "ex.gin-rummy.melds.text": `
Twoje układy to karty z kolorowym paskiem pod spodem: tutaj trzy siódemki. Wszystko inne to luźne karty, których suma jest obok ręki. [7H] na stosie odrzuconych pasuje na dwa sposoby: jako czwarta siódemka albo do sekwensu [5H] [6H] [7H]. Weź ją i zobacz, co wybierze gra: sekwens razem z grupą zostawia najmniej w luźnych kartach.

Tura zaczyna się od dobrania: zapukać przed dobraniem gra nie pozwoli.
`,
  "ex.gin-rummy.melds.try.knock": "Pukaj przed dobraniem",
  "ex.gin-rummy.melds.try.take": "Weź 7♥",
  "ex.gin-rummy.just-taken.title": "Karta wzięta przed chwilą",
  "ex.gin-rummy.just-taken.text": `
Weź [9D] ze stosu: masz trzy dziewiątki. Teraz spróbuj od razu ją odrzucić: gra na to nie pozwoli, bo karty wziętej ze stosu odrzuconych nie można odrzucić w tej samej turze. Odrzuć inną kartę, na przykład [KH].
`,
  "ex.gin-rummy.just-taken.try.same": "Weź 9♦ i ją odrzuć",
  "ex.gin-rummy.just-taken.try.other": "Weź 9♦, odrzuć K♥",
  "ex.gin-rummy.upcard-offer.title": "Odkryta karta na początek",
  "ex.gin-rummy.upcard-offer.text": `
Rozdanie zaczyna się od propozycji: gracz, który nie rozdawał, tutaj ty, może wziąć odkrytą kartę [6S] albo spasować. Na dobranie najpierw z talii gra nie pozwoli. [6S] przedłuża twój sekwens [3S] [4S] [5S], więc ją weź. Jeśli spasujesz, ten sam wybór dostanie przeciwnik.
`,
  "ex.gin-rummy.upcard-offer.try.stock": "Dobierz z talii",
  "ex.gin-rummy.upcard-offer.try.take": "Weź 6♠",
  "ex.gin-rummy.upcard-offer.try.pass": "Pas",
  "ex.gin-rummy.both-passed.title": "Po dwóch pasach",
  "ex.gin-rummy.both-passed.text": `
Obaj gracze zrezygnowali z [6S]: najpierw ty, potem przeciwnik. Teraz ty zaczynasz, a pierwsza karta musi pochodzić z talii: odkrytą kartę zaproponowano już wam obu. Teraz gra nie pozwoli jej wziąć.
`,
  "ex.gin-rummy.both-passed.try.pile": "Weź 6♠",
  "ex.gin-rummy.both-passed.try.stock": "Dobierz z talii",
  "ex.gin-rummy.knock.title": "Pukanie i dokładanie",
  "ex.gin-rummy.knock.text": `
Masz trzy układy i dwie luźne karty, [3D] i [KD]. Zapukaj, odrzucając [KD], a w luźnych kartach zostaną ci 3 punkty. Ręka przeciwnika jest tu odkryta: po zapukaniu gra dokłada jego [7H] do twojego sekwensu kier, [8H] do twoich ósemek, a [4C] do twoich trefli, tak żeby zostało mu jak najmniej. To, co mu zostanie, porównuje się z twoimi 3 punktami, a ty dostajesz różnicę.

Pukanie z odrzuceniem karty z układu zostawiłoby ci za dużo w luźnych kartach: gra na to nie pozwoli.
`,
  "ex.gin-rummy.knock.try.high": "Pukaj, odrzucając 4♥",
  "ex.gin-rummy.knock.try.knock": "Pukaj, odrzucając K♦",
  "ex.gin-rummy.undercut.title": "Podcięcie",
  "ex.gin-rummy.undercut.text": `
Zapukaj, odrzucając [KS], a w luźnych kartach zostanie ci 8, czyli [8D]; przeciwnik ma 17 w luźnych kartach: wygląda na wygraną. Ale jego [5H] dokłada się do twojego sekwensu kier, a [9H] do twoich dziewiątek, i zostają mu 3. Gdy obrońca kończy z taką samą sumą luźnych kart jak pukający albo mniejszą, jest to podcięcie: obrońca dostaje 25 punktów i różnicę, tutaj 25 + 8 − 3 = 30.
`,
  "ex.gin-rummy.undercut.try.knock": "Pukaj, odrzucając K♠",
  "ex.gin-rummy.gin.title": "Gin",
  "ex.gin-rummy.gin.text": `
Odrzuć [9D], a nie zostanie ci żadna luźna karta: zapukaj nią i masz gina. Po ginie nic się nie dokłada, nawet [4S], która pasowałaby do twoich pików, a ty dostajesz 25 punktów i całą sumę luźnych kart przeciwnika.

Pukanie z odrzuceniem karty z układu zostawiłoby 23 punkty w luźnych kartach: gra na to nie pozwoli.
`,
  "ex.gin-rummy.gin.try.high": "Pukaj, odrzucając 7♥",
  "ex.gin-rummy.gin.try.gin": "Pukaj, odrzucając 9♦: gin",

  "ex.easy-harp.built-run.title": "Ułożona sekwencja rusza się karta po karcie",
  "ex.easy-harp.built-run.text": `
Pierwsza kolumna kończy się sekwencją [8S] [7H] [6C]. Jej pierwsza karta pasowałaby na [9D], ale sekwencji nie można przenieść w całości: między kolumnami przenosi się jedną kartę naraz. Rozłóż ją od dołu, karta po karcie: [6C] idzie na [7D].
`,
  "ex.easy-harp.built-run.try.run": "Przenieś sekwencję na 9♦",
  "ex.easy-harp.built-run.try.one": "Przenieś 6♣ na 7♦",
  "ex.easy-harp.king-run.title": "Sekwencja od króla do pustej kolumny",
  "ex.easy-harp.king-run.text": `
Sekwencja zaczynająca się od króla to jedyny wyjątek: [KS] [QH] [JC] przenosi się w całości do pustej drugiej kolumny, a zakryta karta pod nią sama się odwraca (+5). Ta sama sekwencja bez króla, [QH] [JC], nie może się przenieść razem.
`,
  "ex.easy-harp.king-run.try.queen": "Przenieś Q♥ J♣ do pustej kolumny",
  "ex.easy-harp.king-run.try.king": "Przenieś K♠ Q♥ J♣ do pustej kolumny",
  "ex.easy-harp.empty-column.title": "Do pustej kolumny tylko król",
  "ex.easy-harp.empty-column.text": `
Przeniesienie [QD] do pustej piątej kolumny odsłoniłoby zakrytą kartę, ale tam może trafić tylko król. Zagraj zamiast tego [KC] ze stosu odkrytych (+5); potem [QD] może położyć się na nim.
`,
  "ex.easy-harp.empty-column.try.queen": "Przenieś Q♦ do pustej kolumny",
  "ex.easy-harp.empty-column.try.king": "Połóż tam K♣",
  "ex.easy-harp.empty-column.try.then": "K♣ tam, a na nim Q♦",
  "ex.easy-harp.four-places.title": "Dwie talie: cztery miejsca dla czarnej szóstki",
  "ex.easy-harp.four-places.text": `
Każda karta jest dwa razy, więc [6S] na stosie odkrytych ma cztery miejsca: dwie [7H] i dwie [7D]. Wypróbuj którekolwiek albo dotknij szóstki dwa razy: podwójne dotknięcie wybiera najdłuższą kolumnę, na której karta pasuje. Czarna [7C] nie przyjmie czarnej szóstki.
`,
  "ex.easy-harp.four-places.try.black": "Połóż 6♠ na 7♣",
  "ex.easy-harp.four-places.try.red": "Połóż 6♠ na 7♥",
  "ex.easy-harp.four-places.try.double": "Dotknij 6♠ dwa razy",
  "ex.easy-harp.foundations.title": "Osiem stosów końcowych, po dwa na kolor",
  "ex.easy-harp.foundations.text": `
Każde miejsce na stos końcowy ma swój kolor, po dwa miejsca na kolor. Pierwsze miejsce kier ma już asa, więc następną przyjmie [2H], a nie [3H]. Drugi [AH] nie może trafić na miejsce pików: dotknij go, a sam znajdzie puste miejsce kier.
`,
  "ex.easy-harp.foundations.try.slot": "Połóż A♥ na miejscu pików",
  "ex.easy-harp.foundations.try.order": "Połóż 3♥ na A♥",
  "ex.easy-harp.foundations.try.tap": "Dotknij A♥",

  "ex.reflechi.unordered-run.title": "Nie każdą widoczną kartę można przenieść",
  "ex.reflechi.unordered-run.text": `
To pierwsze rozdanie, TF1-D1N-AAAAAAB. [9D] w szóstej kolumnie pasowałaby na [TC], ale leży na niej [5D], a te dwie karty nie tworzą sekwencji: tego stosu nie można przenieść. Karty ruszają się razem tylko wtedy, gdy już są uporządkowane. Zamiast tego wyślij [AH] na stos, a wtedy [TH] może pójść na [JC].
`,
  "ex.reflechi.unordered-run.try.stack": "Przenieś 9♦ 5♦ na 10♣",
  "ex.reflechi.unordered-run.try.ace": "Dotknij A♥",
  "ex.reflechi.unordered-run.try.ten": "A♥ na stos, potem 10♥ na J♣",
  "ex.reflechi.ordered-run.title": "Uporządkowana sekwencja rusza się w całości",
  "ex.reflechi.ordered-run.text": `
[9H] [8C] [7D] to sekwencja: barwy na przemian, każda karta o jedną niższa. Przenosi się w całości na [TC]. Razem z [KS] pod spodem stos nie jest już sekwencją i tych czterech kart nie można przenieść razem.
`,
  "ex.reflechi.ordered-run.try.king": "Przenieś K♠ razem z sekwencją",
  "ex.reflechi.ordered-run.try.run": "Przenieś 9♥ 8♣ 7♦ na 10♣",
  "ex.reflechi.empty-column.title": "Pusta kolumna przyjmuje króla",
  "ex.reflechi.empty-column.text": `
Czwarta kolumna jest pusta. [QH] [JS] to sekwencja, ale nie zaczyna się od króla: ruch zostaje odrzucony. [KD] razem ze swoją sekwencją [QC] [JH] trafia tam w całości.
`,
  "ex.reflechi.empty-column.try.queen": "Przenieś Q♥ J♠ do pustej kolumny",
  "ex.reflechi.empty-column.try.king": "Przenieś tam K♦ Q♣ J♥",
  "ex.reflechi.draw-three.title": "Po 3 karty: gra tylko ostatnia",
  "ex.reflechi.draw-three.text": `
W grze po 3 karty każde dotknięcie odkrywa trzy karty, rozłożone na stosie odkrytych. Zagrać można tylko ostatnią, [AS]: [9D] pod nią gra nie przyjmie, choć pasowałaby na [TS]. Wyślij asa na stos i [9D] jest wolna.
`,
  "ex.reflechi.draw-three.try.middle": "Zagraj 9♦ na 10♠",
  "ex.reflechi.draw-three.try.last": "Dotknij A♠",
  "ex.reflechi.draw-three.try.freed": "A♠ na stos, potem 9♦ na 10♠",
};
