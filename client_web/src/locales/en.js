// English: the catalogue every other language follows key for key (tests/test_i18n.py).
// A plural message is an object of Intl.PluralRules categories; {name} is filled in.
export default {
  "app.name": "Cardroom",
  "app.page_load": "This page could not be loaded. Check your connection and reload.",
  "app.default_name": "Player {n}",
  "nav.learn": "Learn",
  "nav.settings": "Settings",
  "net.connecting": "Connecting…",
  "net.online": "Online",
  "net.offline": "Offline: reconnecting…",
  "language.en": "English",
  "language.ko": "한국어",
  "language.pl": "Polski",

  "game.gin_rummy": "Gin Rummy",
  "game.easy_harp": "Easy Harp",
  "game.reflechi": "Solitaire Réfléchi",

  "seat.you": "You",
  "seat.waiting": "Waiting for a player",
  "name.person": "{name}",
  "bot.easy": "Easy bot",
  "bot.normal": "Normal bot",
  "bot.hard": "Hard bot",
  "bot.expert": "Expert bot",

  "count.cards": { one: "{n} card", other: "{n} cards" },
  "count.points": { one: "{n} point", other: "{n} points" },
  "count.spectators": { one: "{n} spectator", other: "{n} spectators" },
  "count.moves": { one: "{n} move", other: "{n} moves" },
  "count.deals": { one: "{n} possible deal", other: "{n} possible deals" },
  "count.in_moves": { one: "in {n} move", other: "in {n} moves" },

  "card.name": "{rank} of {suit}",
  "card.laid_off": "{card}, laid off",
  "rank.A": "Ace",
  "rank.2": "Two",
  "rank.3": "Three",
  "rank.4": "Four",
  "rank.5": "Five",
  "rank.6": "Six",
  "rank.7": "Seven",
  "rank.8": "Eight",
  "rank.9": "Nine",
  "rank.T": "Ten",
  "rank.J": "Jack",
  "rank.Q": "Queen",
  "rank.K": "King",
  "suit.S": "spades",
  "suit.H": "hearts",
  "suit.D": "diamonds",
  "suit.C": "clubs",

  "move.pass.you": "You passed on the {card}",
  "move.pass.other": "{who} passed on the {card}",
  "move.take_upcard.you": "You took the upcard {card}",
  "move.take_upcard.other": "{who} took the upcard {card}",
  "move.draw_stock.you": "You drew from the stock",
  "move.draw_stock.other": "{who} drew from the stock",
  "move.draw_discard.you": "You took the {card}",
  "move.draw_discard.other": "{who} took the {card}",
  "move.discard.you": "You discarded the {card}",
  "move.discard.other": "{who} discarded the {card}",
  "move.knock.you": "You knocked with the {card}",
  "move.knock.other": "{who} knocked with the {card}",
  "move.unknown": "{who}: {type}",

  "result.gin.you": "You go gin!",
  "result.gin.other": "{name} goes gin!",
  "result.undercut.you": "You undercut!",
  "result.undercut.other": "{name} undercuts!",
  "result.knock.you": "You knock",
  "result.knock.other": "{name} knocks",
  "result.dead": "Dead hand: nobody scores",
  "result.deadwood": "{name}: deadwood {n}",
  "result.laid_off": "Laid off: {cards}",
  "result.match": "Match: {me} {a} – {b} {them} (to {target})",
  "result.match_over": "The match is over",
  "result.match_winner.you": "You win the match!",
  "result.match_winner.other": "{name} wins the match!",
  "score.dead": "The stock ran out: the hand is a draw, the same dealer deals again.",
  "score.gin.you": "You score {points} (25 gin bonus + {loser} deadwood).",
  "score.gin.other": "{name} scores {points} (25 gin bonus + {loser} deadwood).",
  "score.undercut.you": "You score {points} (25 undercut bonus + {knocker} − {winner} deadwood).",
  "score.undercut.other": "{name} scores {points} (25 undercut bonus + {knocker} − {winner} deadwood).",
  "score.knock.you": "You score {points} ({loser} − {winner} deadwood).",
  "score.knock.other": "{name} scores {points} ({loser} − {winner} deadwood).",
  "hand.face_down": { one: "{n} card, face down", other: "{n} cards, face down" },

  "table.away": "away",
  "table.away_for": "away: forfeits in {n} s",
  "table.thinking": "thinking",
  "table.stock_label": "Stock, {cards}: draw from it",
  "table.pile_label": "Discard pile, {card} on top: take it",
  "table.pile_empty": "Discard pile, empty",
  "table.take": "Take the {card}",
  "table.pass": "Pass",
  "table.whole_pile": "The whole discard pile",
  "table.empty": "empty",
  "table.hide_pile": "Hide pile",
  "table.show_pile": "Whole pile ({n})",
  "table.your_hand": "Your hand",
  "table.card_deadwood": "{card}, deadwood",
  "table.card_meld": "{card}, meld {n}",
  "table.deadwood": "Deadwood {n}",
  "table.new": "new",
  "table.sort": "Sort",
  "table.sort_title": "Group melds, then the rest by rank",
  "table.discard": "Discard",
  "table.discard_card": "Discard {card}",
  "table.knock": "Knock",
  "table.gin": "Gin!",
  "table.knock_with": "Knock (deadwood {n})",
  "table.knock_select": "Knock: select a card",
  "table.knock_title": "Select a card you may knock with",
  "table.scores": "{me} {a} · {b} {them}",
  "table.hand_info": " (hand {hand}, to {target})",
  "table.moves_label": "Moves this hand",

  "status.forfeit.left.you_win": "{loser} left the game: you win the match.",
  "status.forfeit.left.you_lose": "You left the game: {winner} wins the match.",
  "status.forfeit.left.watch": "{loser} left the game: {winner} wins the match.",
  "status.forfeit.timeouts.you_win": "{loser} ran out of time too often: you win the match.",
  "status.forfeit.timeouts.you_lose": "You ran out of time too often: {winner} wins the match.",
  "status.forfeit.timeouts.watch": "{loser} ran out of time too often: {winner} wins the match.",
  "status.waiting": "Waiting for a second player: share the invite link.",
  "status.no_show": "This match never started: one of the paired players did not arrive.",
  "status.match_over.you": "You win the match {a}–{b}.",
  "status.match_over.other": "{name} wins the match {a}–{b}.",
  "status.hand_over": "The hand is over.",
  "status.hand_over_next": "The hand is over. Either of you may deal the next one: it starts for both.",
  "status.your_offer": "Your turn: take the upcard {card} or pass.",
  "status.your_draw": "Your turn: draw from the stock or take the top discard.",
  "status.your_draw_stock": "Your turn: you both passed the upcard, so draw from the stock.",
  "status.your_discard": "Select a card, then Discard it (or Knock, when your deadwood allows).",
  "status.their_offer": "{name} decides on the upcard…",
  "status.their_draw": "{name} to draw…",
  "status.their_discard": "{name} to discard…",

  "room.match_over": "The match is over.",
  "room.waiting_next": "Waiting for the next hand…",
  "room.rematch_offer": "Offer a rematch",
  "room.rematch_waiting": "Rematch offered to {name}: waiting for an answer ({n} s).",
  "room.rematch_withdraw": "Withdraw",
  "room.rematch_offered": "{name} offers a rematch ({n} s to answer).",
  "room.rematch_accept": "Accept",
  "room.rematch_decline": "Decline",
  "room.rematch_declined": "{name} declined the rematch.",
  "room.rematch_left": "{name} left: no rematch this time.",
  "room.rematch_lapsed": "The rematch offer ran out of time.",
  "room.rematch": "Rematch",
  "room.lobby": "Lobby",
  "room.next_hand_note": "The first of you to press Next hand deals it for both.",
  "room.next_hand_dealt": "{name} has dealt the next hand. Here is how the last one ended.",
  "room.to_the_hand": "To the new hand",
  "room.rematch_started": "The players started a rematch.",
  "room.watch_rematch": "Watch the rematch",
  "room.next_hand": "Next hand",
  "room.copied": "Copied!",
  "room.daily_title": "Today's {game} ({date})",
  "room.title": "{game} · room {id}",
  "room.spectating": "Spectating",
  "room.invite": "Copy invite link",
  "room.invite_short": "Invite",
  "room.seat_open": "A seat is free in this room.",
  "room.take_seat": "Take the seat",
  "room.unavailable": "This room is not available",
  "room.back": "Back to the lobby",
  "room.loading": "Loading the room…",
  "room.timeout.you": "You ran out of time: the server played a safe move.",
  "room.timeout.other": "Your opponent ran out of time: the server played a safe move.",
  "room.clock": "⏱ {n} s",
  "room.rules": "Rules",

  "sol.stock_one": "Stock, {cards}: turn one",
  "sol.stock_three": "Stock, {cards}: turn three",
  "sol.stock_empty": "Stock empty: turn the waste back",
  "sol.waste_label": "Waste, {cards}",
  "sol.foundations": "Foundations",
  "sol.empty_foundation": "Foundation {n}, empty, for {suit}",
  "sol.on_foundation": "Foundation {n}: {card} ({cards})",
  "sol.column_label": "Column {n}: {down} face down, {up} face up",
  "sol.empty_column": "Empty column {n}",
  "sol.thinking": "Thinking…",
  "sol.searching": "Searching…",
  "sol.draw_label": "Cards turned from the stock",
  "sol.draw1": "Draw 1",
  "sol.draw3": "Draw 3",
  "sol.code_placeholder": "deal code",
  "sol.new_deal": "New deal",
  "sol.winnable_title": "Only deals the server has already found a way to win",
  "sol.winnable": "winnable deals only",
  "sol.today": "Today's deal",
  "sol.same": "Same deal",
  "sol.play_code": "Play this code",
  "sol.new_game": "New game",
  "sol.copy": "Copy",
  "sol.daily_code": "Today's deal: its code is public tomorrow (UTC)",
  "sol.copy_label": "Copy the deal code {code}",
  "sol.score": "Score {n}",
  "sol.moves": "Moves {n}",
  "sol.undo": "Undo",
  "sol.hint": "Hint",
  "sol.can_win": "Can this still be won?",
  "sol.ranked_no_help": "Ranked attempt: no hints",
  "sol.interactive": "interactive rules",
  "sol.won_you": "You won!",
  "sol.won": "Won!",
  "sol.win_line": "Score {score} in {moves} ({code}).",

  "pile.from.waste": "from the waste",
  "pile.from.foundation_any": "from a foundation",
  "pile.from.foundation": "from foundation {n}",
  "pile.from.column": "from column {n}",
  "pile.to.waste": "to the waste",
  "pile.to.foundation_any": "to a foundation",
  "pile.to.foundation": "to foundation {n}",
  "pile.to.column": "to column {n}",
  "hint.none": "No move helps now.",
  "hint.stock": "Turn the stock.",
  "hint.recycle": "Turn the waste back into the stock.",
  "hint.cards.top": "the top card",
  "hint.cards.one": "the {card}",
  "hint.cards.run": { one: "the {n} card from the {card}", other: "the {n} cards from the {card}" },
  "hint.move": "Move {cards} {from} {to}.",
  "hint.sure.winnable": "After it, this deal can still be won.",
  "hint.sure.lost": "There is no way to win from here any more, but this is the best try.",
  "hint.sure.samples": "Some cards are still face down, so I tried {samples}: this move won in {wins} of them.",
  "hint.sure.unknown": "Not sure: too many possibilities to check in time, but this move looks best.",
  "hint.line": "Hint: {move} {sure}",
  "verdict.yes": "Yes, this deal can still be won.",
  "verdict.no": "No: there is no way to win from here.",
  "verdict.unknown": "Not sure: too many possibilities to check in time.",

  "replay.title": "Replay {id}",
  "replay.position": "Move {at} of {total}",
  "replay.hand": "Hand {n}",
  "replay.jump": "Jump to hand",
  "replay.first": "First move",
  "replay.back": "Step back",
  "replay.play": "Play",
  "replay.pause": "Pause",
  "replay.forward": "Step forward",
  "replay.last": "Last move",
  "replay.controls": "Replay controls",
  "replay.scrub": "Position in the game",
  "replay.sol_title": "Replay: {game} {code}",
  "replay.loading": "Loading the replay…",
  "replay.none": "No replay",
  "replay.dealt": "The cards are dealt.",
  "hindsight.button": "Where was it lost?",
  "hindsight.note": "In hindsight: this looks at every card where it lay, the face-down cards and the order of the stock included, which you could not see while playing.",
  "hindsight.lost_at": "The deal could still be won until move {n}; after it, there was no way.",
  "hindsight.never": "Even with every card known, this deal could not be won.",
  "hindsight.still": "When the game stopped, it could still be won.",
  "hindsight.unknown": "Not sure: too many possibilities to check in time.",
  "hindsight.won_shorter": "Won {moves}; a win {best} was possible.",
  "hindsight.won": "Won {moves}; no shorter win was found.",
  "hindsight.button_won": "Was there a shorter win?",
  "hindsight.play": "Show the winning line",
  "hindsight.back": "Back to the game",
  "review.button": "Review",
  "review.of": "Review of {name}",
  "review.title": "What each decision cost",
  "review.accuracy": "Accuracy {n} out of 100",
  "review.scale": "100 means every decision was the best the review found; the more expected points the decisions gave up, the lower it is.",
  "review.hand": "hand {n}: {accuracy}",
  "review.lost": "expected points given up: {draw} on draws, {discard} on discards",
  "review.decision": "Hand {hand}: {chosen} was expected to score about {points} points less than {best} (±{margin}).",
  "review.to_marks": "Back to the marked decisions",
  "review.mark.inaccuracy": "Inaccuracy",
  "review.mark.mistake": "Mistake",
  "review.mark.blunder": "Blunder",
  "review.clean": "No decision cost much: well played.",
  "review.graph": "Chance to win the match after each decision, with the marked ones",
  "review.loading": "Reviewing the match…",
  "review.act.take_upcard": "taking the upcard",
  "review.act.pass": "passing the upcard",
  "review.act.draw_discard": "taking the top discard",
  "review.act.draw_stock": "drawing from the stock",
  "review.act.discard": "discarding {card}",
  "review.act.knock": "knocking with {card}",

  "lobby.play_now": "Play someone now",
  "lobby.play_now_text": "Meet the next player who wants the same match, close to your rating.",
  "lobby.seeking": "Looking for an opponent: a {kind} match to {target}. Waiting {time}.",
  "lobby.seek_rated": "rated",
  "lobby.seek_casual": "casual",
  "lobby.seek_rated_rule": "Rated matches never pair two players on the same internet address, so nobody can raise their own rating. If the person you are waiting for shares your network, play a casual match.",
  "lobby.seek_switch_casual": "Look for a casual match instead",
  "lobby.cancel_seek": "Stop looking",
  "lobby.seek_expired": "Nobody wanted that match in 5 minutes. Try again, or change the options.",
  "lobby.seek_replaced": "You are looking for a match in another tab or on another device.",
  "lobby.seek_reset": "Your player's secret was just changed, so the search stopped. Look again to play.",
  "lobby.turn_clock": "Time per turn",
  "lobby.no_clock": "no clock",
  "lobby.seconds": "{n} seconds",
  "nav.watch": "Watch",
  "watch.title": "Watch live games",
  "watch.lead": "Public Gin Rummy matches being played now, the best-rated first. The list follows games as they start and end.",
  "watch.featured": "Featured game",
  "watch.no_featured": "No rated match between two rated players is being played right now.",
  "watch.featured_soon": "A featured game is on: open TV to watch it.",
  "watch.tv": "Watch TV",
  "watch.tv_title": "TV: the featured game",
  "watch.tv_waiting": "No rated match is being played now: the next one will show here as it starts.",
  "watch.live": "Live games",
  "watch.none": "No public game is being played right now.",
  "watch.rated_name": "{name} ({rating})",
  "watch.provisional_rating": "{rating}?",
  "watch.hand": "hand {n}",
  "watch.to": "to {n}",
  "watch.rated": "rated",
  "lobby.seek_busy": "The server is too busy to keep you waiting; try again in a moment.",
  "lobby.no_show": "Your opponent never arrived, so that game was called off. Looking for someone else with the same settings.",
  "lobby.title": "Play Gin Rummy and solitaire",
  "lobby.lead": "Pick a game and play at once. New to one? Every game has its rules, tips and live examples.",
  "lobby.learn_all": "Learn the games",
  "lobby.name": "Your name",
  "lobby.solitaire": "Solitaire",
  "lobby.reflechi1": "Réfléchi, draw 1",
  "lobby.reflechi3": "Réfléchi, draw 3",
  "lobby.deal_code": "deal code (optional)",
  "lobby.room_code": "room code or link",
  "lobby.code_empty": "Type a room code or paste its link first.",
  "lobby.play_bot.easy": "Play the Easy bot",
  "lobby.play_bot.normal": "Play the Normal bot",
  "lobby.play_bot.hard": "Play the Hard bot",
  "lobby.play_bot.expert": "Play the Expert bot",
  "lobby.bot_text.easy": "Keeps pairs, throws high cards away, knocks only when nearly done.",
  "lobby.bot_text.normal": "Takes the discards that help it and knocks as soon as it can.",
  "lobby.bot_text.hard": "Weighs the unseen cards and holds back the ones you want.",
  "lobby.bot_text.expert": "Reads your hand from what you pick up and what you pass on.",
  "lobby.friend": "Play a friend",
  "lobby.friend_text": "A room of your own: send the invite link to a friend.",
  "lobby.daily": "Today's game",
  "lobby.daily_text": "Against the normal bot, with the same cards for everyone today.",
  "lobby.sol_text.eh": "Two decks, nine columns, one card at a time.",
  "lobby.sol_text.tf1": "Every card face up; the stock turns one card.",
  "lobby.sol_text.tf3": "Every card face up; the stock turns three.",
  "lobby.todays_deal": "Today's deal",
  "lobby.new_deal": "New deal",
  "lobby.todays_deal_of": "Today's deal of {game}",
  "lobby.new_deal_of": "New deal of {game}",
  "lobby.learn": "Learn",
  "lobby.learn_game": "Learn {game}",
  "lobby.learn_text": "Rules, tips, history, questions and live examples.",
  "lobby.more": "More options",
  "lobby.match_options": "Gin Rummy matches",
  "lobby.match_to": "Play to",
  "lobby.public": "public: listed below for anyone to watch or join",
  "lobby.rated": "rated: a match against another person changes both players' ratings",
  "lobby.watch_bots": "Watch two bots play",
  "lobby.first_bot": "First bot",
  "lobby.second_bot": "Second bot",
  "lobby.open_hands": "show both hands",
  "lobby.watch_start": "Watch them play",
  "lobby.by_code": "A solitaire deal by its code",
  "lobby.play": "Play",
  "lobby.have_code": "Have a room code or link?",
  "lobby.open": "Open",
  "lobby.rooms": "Public rooms",
  "lobby.replays": "Replays",
  "lobby.loading": "Loading…",
  "lobby.no_rooms": "No public rooms right now. Create one!",
  "lobby.no_replays": "No finished games yet.",
  "lobby.replays_unavailable": "Replays are unavailable.",
  "lobby.open_seat": "open seat",
  "lobby.player": "player",
  "lobby.solo_row": "{game}: {who}",
  "lobby.vs": "{a} vs {b}",
  "lobby.row_info": "{status} · {scores} · {spectators}",
  "lobby.status.waiting": "waiting",
  "lobby.status.playing": "playing",
  "lobby.status.finished": "finished",
  "lobby.join": "Join",
  "lobby.watch": "Watch",
  "lobby.replay": "Replay",
  "lobby.replay_solo": "{code}: {name}",
  "lobby.replay_won": "won, score {score} in {moves}",
  "lobby.replay_lost": "not won, score {score} in {moves}",
  "lobby.winner": "{name} won",
  "lobby.no_winner": "no winner",
  "lobby.replay_info": "{winner} {scores} · {when}",

  "settings.title": "Settings",
  "settings.language": "Language",
  "settings.interactiveRules": "Interactive rules",
  "settings.interactiveRules.help": "When a solitaire move is refused, say which rule refuses it.",
  "settings.doubleTap": "Double tap",
  "settings.doubleTap.help": "A second quick tap on a card looks for a place on the tableau: the longest column first, then an empty column for a king. When off, a tap only tries the foundations.",
  "settings.fourColour": "Four-colour suits",
  "settings.fourColour.help": "Diamonds in blue and clubs in green, so no two suits look alike.",
  "settings.cardSize": "Card size",
  "settings.cardSize.small": "Small",
  "settings.cardSize.medium": "Medium",
  "settings.cardSize.large": "Large",
  "settings.animations": "Animations",
  "settings.animations.help": "Cards slide into place when they move. Always off when your system asks for reduced motion.",
  "settings.sound": "Sound",
  "settings.sound.help": "Small sounds for a card, a knock, a refused move and a win.",
  "settings.mutePhrases": "Hide the opponent's phrases",
  "settings.mutePhrases.help": "What the other player says at the table (“Good luck!”, “One more?”) is not shown to you.",
  "settings.close": "Done",

  "learn.title": "Learn the games",
  "learn.intro": "Each game has its rules, tips, a little history, answers to common questions, and examples you can play on.",
  "learn.crumbs": "You are here",
  "learn.pages": "Pages about this game",
  "learn.heading": "{game}: {page}",
  "learn.page.rules": "Rules",
  "learn.page.tips": "Tips",
  "learn.page.history": "History",
  "learn.page.faq": "Questions",
  "learn.page.examples": "Examples",
  "learn.play": "Play now",
  "learn.loading": "Loading…",
  "learn.unavailable": "The examples are unavailable right now.",
  "learn.reset": "Start again",
  "learn.allowed": "Allowed: the board shows the move.",
  "learn.opponent": "Opponent",
  "learn.again": "Try it again",
  "learn.hand_over": "The hand is over: try it again, or start again from the buttons.",
  "learn.full_page": "Open in a tab",
  "learn.close": "Close",
  "refusal.gin_rummy.bad_action": "That is not a Gin Rummy action.",
  "refusal.gin_rummy.not_a_seat": "Only the two seated players can act.",
  "refusal.gin_rummy.not_your_turn": "It is not your turn.",
  "refusal.gin_rummy.upcard_offer": "The first turn starts with the upcard offer: take the upcard or pass.",
  "refusal.gin_rummy.not_upcard_offer": "Taking or passing the upcard is only possible on the first turn.",
  "refusal.gin_rummy.must_draw_stock": "Both players passed the upcard, so the non-dealer starts by drawing from the stock.",
  "refusal.gin_rummy.already_drew": "You have already drawn this turn; discard a card or knock.",
  "refusal.gin_rummy.must_draw_first": "Draw a card from the stock or the discard pile before you discard.",
  "refusal.gin_rummy.must_draw_before_knock": "Draw a card from the stock or the discard pile before you knock.",
  "refusal.gin_rummy.card_not_in_hand": "That card is not in your hand.",
  "refusal.gin_rummy.discard_just_taken": "You cannot discard the card you just took from the discard pile.",
  "refusal.gin_rummy.knock_too_high": "You can knock only when your deadwood after the discard is 10 or less.",
  "refusal.gin_rummy.hand_in_play": "The hand is still being played.",
  "refusal.gin_rummy.hand_over": "The hand is over; start the next hand to play on.",
  "refusal.gin_rummy.match_over": "The match is over.",
  "refusal.solitaire.bad_action": "That is not a solitaire action.",
  "refusal.solitaire.bad_pile": "There is no such pile.",
  "refusal.solitaire.empty_pile": "There is no card there.",
  "refusal.solitaire.face_down": "A face-down card cannot be moved; it turns up by itself when uncovered.",
  "refusal.solitaire.one_card": "Only one card moves at a time between columns; only a king-led run may move, and only into an empty column.",
  "refusal.solitaire.not_a_run": "Cards move together only when they form a run: alternating colours, each one rank lower than the card under it.",
  "refusal.solitaire.waste_top": "Only the top card of the waste can be played.",
  "refusal.solitaire.empty_needs_king": "Only a king (or a run led by a king) may go to an empty column.",
  "refusal.solitaire.bad_build": "A card goes on a card of the opposite colour and exactly one rank higher.",
  "refusal.solitaire.foundation_one": "Cards go to a foundation one at a time.",
  "refusal.solitaire.foundation_order": "A foundation takes the cards of its own suit one at a time, from the ace up to the king.",
  "refusal.solitaire.ace_to_empty": "An ace goes only to an empty foundation slot of its own suit.",
  "refusal.solitaire.foundation_to_foundation": "A card taken back from a foundation goes to the tableau.",
  "refusal.solitaire.to_waste": "Cards cannot be put on the waste or the stock.",
  "refusal.solitaire.same_pile": "The card is already there.",
  "refusal.solitaire.no_foundation": "No foundation takes this card yet.",
  "refusal.solitaire.no_place": "This card has no place to go.",
  "refusal.solitaire.stock_empty": "The stock and the waste are both empty.",
  "refusal.solitaire.nothing_to_undo": "There is nothing to undo (only the last 100 actions can be undone).",
  "refusal.solitaire.won": "The game is won: start a new one.",

  "error.bad_seek": "Quick pairing offers matches to 100, 50, 25 or 10, with no clock or 20 or 60 seconds a turn.",
  "error.seat_kept": "That seat is kept for the player who was paired to it.",
  "error.no_offer": "There is no rematch offer to answer now.",
  "error.no_rematch": "Rematch offers are between two people; against a bot, start a new match.",
  "error.match_on": "A rematch can be offered once the match is over.",
  "error.bad_player": "That is not a player's id.",
  "error.self_friend": "You can't add yourself as a friend.",
  "error.blocked": "This player doesn't accept that from you.",
  "error.you_block": "You've blocked this player: unblock them first.",
  "error.already_friends": "You're already friends.",
  "error.already_requested": "Your friend request is waiting for their answer.",
  "error.no_request": "There's no friend request waiting here any more.",
  "error.not_friends": "This player isn't on your friends list.",
  "error.not_blocked": "You haven't blocked this player.",
  "error.friends_full": "Your friends list is full (200 friends).",
  "error.their_friends_full": "This player's friends list is full.",
  "error.too_many_requests": "You have 20 friend requests waiting for an answer; wait for some replies first.",
  "error.their_requests_full": "This player has too many friend requests waiting; try again later.",
  "error.blocks_full": "You've blocked 200 players, the most you can.",
  "error.requests_per_hour": "You've sent a lot of friend requests this hour; try again later.",
  "error.too_many_seeks": "Too many players from your network are looking for a match already; try again in a moment.",
  "error.bad_frame": "The server could not read a message from this page.",
  "error.unknown_type": "The server does not know that request.",
  "error.bad_field": "A request had a missing or wrong field.",
  "error.hello_first": "The connection is still starting; try again.",
  "error.version": "This page is out of date: reload it.",
  "error.no_room": "There is no such room (check the code or link).",
  "error.not_joined": "You are not in that room.",
  "error.not_solitaire": "Hints are for the solitaires.",
  "error.busy": "The server is still working on that; try again in a moment.",
  "error.spectator": "Spectators watch; only seated players act.",
  "error.bad_token": "That seat token does not belong to a seat of this room.",
  "error.room_full": "Every seat is taken; you can watch instead.",
  "error.seat_taken": "That seat is taken.",
  "error.bad_seat": "There is no such seat in this room.",
  "error.bad_room": "Those game options are not possible.",
  "error.too_many_rooms": "One connection may create only so many rooms.",
  "error.waiting": "The game starts when every seat is taken.",
  "phrase.hello": "Hi!",
  "phrase.good_luck": "Good luck!",
  "phrase.have_fun": "Have fun!",
  "phrase.nice_move": "Nice move!",
  "phrase.nice_hand": "Nice hand!",
  "phrase.well_played": "Well played!",
  "phrase.thanks": "Thanks!",
  "phrase.sorry": "Sorry!",
  "phrase.oops": "Oops!",
  "phrase.wow": "Wow!",
  "phrase.close_one": "That was close!",
  "phrase.thinking": "Let me think…",
  "phrase.no_rush": "Take your time.",
  "phrase.be_right_back": "Be right back.",
  "phrase.back": "I'm back!",
  "phrase.lucky": "Lucky me!",
  "phrase.unlucky": "Bad luck!",
  "phrase.good_game": "Good game!",
  "phrase.one_more": "One more?",
  "phrase.have_to_go": "Sorry, I have to go.",
  "phrase.button": "Say…",
  "phrase.menu": "Say something to the table",
  "error.bad_phrase": "That is not one of the table's phrases.",
  "error.phrase_too_soon": "One phrase every 2 seconds: wait a moment.",
  "error.phrase_limit": "A player says at most 30 phrases a match.",
  "error.no_phrases": "Phrases are for two people at a Gin Rummy table.",
  "error.room_finished": "This game is over.",
  "error.bad_deal": "That deal code or number names no deal.",
  "error.flood": "Too many messages at once: the connection was closed.",
  "error.internal": "Something went wrong on the server; nothing was changed.",
  "error.offline": "The connection dropped; try again.",
  "error.reconnecting": "Reconnecting: wait a moment and try again.",
  "error.no_replay": "There is no finished game with that id.",
  "error.in_progress": "A game still in progress has no replay.",
  "error.hand_in_play": "A hand in play has no review: ask at its end.",
  "error.daily_not_over": "That day's deal, its code and its replays open when the day is over (UTC).",
  "error.no_example": "There is no example with that name.",
  "error.too_large": "That request is too large.",
  "error.bad_name": "That name cannot be used: 1 to 24 characters, with at least one letter, digit or symbol, and nothing that draws as blank.",
  "error.id_reused": "That move was already sent as another one; try again.",
  "error.bad_request_id": "The game was not made: reload the page and try again.",
  "error.request_reused": "That game was asked for already, with other options.",
  "error.reloaded": "The server lost the last moves of this game: the table now shows it as it was kept. Play on from there.",
  "error.unavailable": "The game store cannot be reached right now: nothing was changed; try again in a moment.",
  "nav.boards": "Leaderboards",
  "nav.profile": "Profile",
  "nav.friends": "Friends",
  "friends.add": "Add {name} as a friend",
  "friends.accept_from": "Accept {name}'s friend request",
  "friends.request_sent": "Friend request sent: {name} will see it on their Friends page.",
  "friends.are_friends": "You and {name} are friends.",
  "friends.title": "Friends",
  "friends.link": "Your friend link: whoever opens it asks to be your friend",
  "friends.copy": "Copy",
  "friends.copied": "Copied.",
  "friends.hide": "Hide my presence (friends see me as offline)",
  "friends.incoming": "Asking to be your friend",
  "friends.outgoing": "Waiting for an answer",
  "friends.list": "Your friends",
  "friends.blocked": "Blocked",
  "friends.none": "No friends yet: send someone your friend link.",
  "friends.none_incoming": "No requests for you.",
  "friends.none_outgoing": "No requests waiting.",
  "friends.none_blocked": "You haven't blocked anyone.",
  "friends.accept": "Accept",
  "friends.decline": "Decline",
  "friends.withdraw": "Withdraw",
  "friends.remove": "Remove",
  "friends.block": "Block",
  "friends.unblock": "Unblock",
  "friends.watch": "Watch",
  "friends.status.online": "Online",
  "friends.status.playing": "Playing",
  "friends.status.offline": "Offline",
  "friends.no_player": "Friends need a player: start as a new player from the lobby first.",
  "challenge.button": "Challenge",
  "challenge.title": "Challenge {name}",
  "challenge.send": "Send the challenge",
  "challenge.cancel": "Cancel",
  "challenge.rated": "rated: the match changes both players' ratings",
  "challenge.public": "public: anyone may watch",
  "challenge.kind_rated": "rated",
  "challenge.kind_casual": "casual",
  "challenge.region": "Challenges",
  "challenge.from": "{name} challenges you",
  "challenge.waiting": "Waiting for {name} to answer your challenge",
  "challenge.accept": "Accept",
  "challenge.decline": "Decline",
  "challenge.withdraw": "Withdraw",
  "challenge.accepted_elsewhere": "You accepted this challenge on another device.",
  "challenge.go": "Go to the table",
  "challenge.state.accepted": "{name} accepted: to the table!",
  "challenge.state.declined": "{name} declined your challenge.",
  "challenge.state.withdrawn": "The challenge was withdrawn.",
  "challenge.state.left": "The challenge ended: its sender left.",
  "challenge.state.expired": "Nobody answered within a minute: the challenge expired.",
  "error.self_challenge": "You can't challenge yourself.",
  "error.bad_challenge": "Those match settings aren't on offer.",
  "error.no_challenge": "That challenge doesn't exist (any more).",
  "error.challenge_open": "Your last challenge is still waiting: withdraw it first.",
  "error.their_challenges_full": "This friend has too many challenges waiting right now.",
  "error.challenge_taken": "You already accepted this challenge on another device.",
  "error.challenge_expired": "Too late: the challenge waited a minute and expired.",
  "error.challenge_ended": "This challenge was declined or withdrawn.",
  "error.challenger_seeking": "Your friend is looking for another match right now.",
  "error.you_are_seeking": "You are looking for a quick match: stop looking, then accept.",
  "error.challenger_playing": "Your friend is at a table right now.",
  "error.challenger_in_challenge": "Your friend has just gone to another challenge's table.",
  "error.in_challenge": "You've just accepted another challenge.",
  "error.pair_limit": "You two have played three rated matches today: make this one casual.",
  "error.same_network": "A rated match needs two different networks: ask for a casual one.",
  "player.title": "Player",
  "player.loading": "Loading…",
  "player.since": "Playing here since {date}",
  "player.today": "Today's ranks",
  "player.rank": "rank {rank} of {total}",
  "player.no_ranks": "No ranked game today yet.",
  "player.rating": "Gin Rummy rating",
  "player.rating_value": "Rating {rating} (± {rd})",
  "player.rating_provisional": "Rating {rating}? (± {rd}), provisional",
  "player.provisional_note": "A new rating is provisional until it is sure enough and has met players from three different networks. Until then it moves with every rated match, but an established player who beats it gains nothing, and it is not on the ratings leaderboard.",
  "player.unrated": "No rated match yet: play a friend in a rated room.",
  "player.rating_chart": "Rating after each rated match, with its uncertainty",
  "player.shares": "Share of games won",
  "player.solitaires": "Solitaires",
  "player.people": "People",
  "player.col.line": "Game",
  "player.col.played": "Played",
  "player.col.won": "Won",
  "player.col.share": "Share won",
  "player.col.streak": "Streak",
  "player.col.best_streak": "Best streak",
  "player.col.best_score": "Best score",
  "player.col.mean_score": "Average score",
  "player.col.fastest_moves": "Fewest moves to win",
  "player.col.fastest_time": "Fastest win",
  "player.col.opponent": "Against",
  "player.col.matches": "Matches",
  "player.col.matches_won": "Matches won",
  "player.col.hands": "Hands",
  "player.col.hands_won": "Hands won",
  "player.col.gins": "Gins",
  "player.col.knocks": "Knocks",
  "player.col.undercuts_given": "Undercuts made",
  "player.col.undercuts_suffered": "Undercuts suffered",
  "player.col.mean_points": "Points per hand",
  "player.games": "Last games",
  "player.won": "Won",
  "player.lost": "Lost",
  "player.score": "Score {points}",
  "player.replay": "Replay",
  "player.none": "No finished game yet.",
  "player.you": "Your player",
  "player.device": "Use on another device",
  "player.device_warning": "Anyone who opens this link plays as you. Open it only on your own devices and show it to nobody.",
  "player.device_qr": "A QR code of the link: scan it with the other device",
  "player.copy": "Copy the link",
  "player.copied": "The link is copied.",
  "player.reset": "Make a new secret",
  "player.reset_confirm": "Make a new secret? Every other device signed in as you, and every link you made, stops working.",
  "player.reset_done": "A new secret is in use: older links and other devices no longer sign in as you.",
  "player.sign_out": "Sign out",
  "player.sign_out_confirm": "Sign out on this device? Without a link from another device you cannot come back as this player.",
  "player.signed_out": "You are not signed in as a player on this device.",
  "player.signed_out_reset": "This device was signed out because the player's secret was changed on another device. Open the new device link to sign in again, or start as a new player.",
  "player.unrated.aborted": "(not rated: aborted before both had moved)",
  "player.unrated.no_hand": "(not rated: no hand was finished)",
  "player.unrated.same_address": "(not rated: both players used one network this month)",
  "player.unrated.provisional_opponent": "(no rating gained: the opponent's rating is still provisional)",
  "player.unrated.pair_limit": "(not rated: more than three rated matches today against this player)",
  "player.new": "Start as a new player",
  "player.too_many": "This network has made as many new players as it may in an hour, so the server made none for this device. Try again in an hour at the latest. Until then you can play the bots and solitaire without a player; quick pairing and ratings need one.",
  "player.too_many_for": {
    one: "This network has made as many new players as it may in an hour, so the server made none for this device. Try again in about {n} minute. Until then you can play the bots and solitaire without a player; quick pairing and ratings need one.",
    other: "This network has made as many new players as it may in an hour, so the server made none for this device. Try again in about {n} minutes. Until then you can play the bots and solitaire without a player; quick pairing and ratings need one.",
  },
  "player.link_refused": "This device link does not work any more: the player's secret was changed after it was made, or the link was cut short. On the device that is signed in, open your profile and show a new link.",
  "line.gin_rummy": "Gin Rummy",
  "line.easy_harp": "Easy Harp",
  "line.reflechi_draw1": "Réfléchi, draw 1",
  "line.reflechi_draw3": "Réfléchi, draw 3",
  "board.title": "Leaderboards",
  "board.ratings": "Ratings",
  "board.ratings_text": "Established players whose rating is sure enough (uncertainty under {rd}); provisional ratings are not listed.",
  "board.col.rank": "Rank",
  "board.col.name": "Player",
  "board.col.result": "Result",
  "board.col.margin": "Margin",
  "board.col.hands": "Hands",
  "board.col.score": "Score",
  "board.col.moves": "Moves",
  "board.col.time": "Time",
  "board.col.replay": "Replay",
  "board.col.rating": "Rating",
  "board.col.games": "Matches",
  "board.empty": "Nobody is ranked here yet.",
  "board.previous": "Previous day",
  "board.next": "Next day",
  "board.you": "Your rank: {rank} of {total}",
  "board.replays_later": "Only each player's first attempt of the day is ranked. The replays open when the day ends (UTC).",
  "board.left": "Left",
  "board.rules.gin_rummy": "Ranked: won or lost matches first, then forfeits (a player who leaves loses the match). A player who started today ranks after finishing any game first.",
  "board.rules.solitaire": "Ranked: the first attempt, timed from sitting down, without hints; no practice on the same deal until it ends. A player who started today ranks after finishing any game first.",
  "error.player_not_found": "There is no player with that id.",
  "error.no_board": "There is no such leaderboard.",
  "error.bad_date": "That date is not a day (YYYY-MM-DD).",
  "error.bad_secret": "This device's player key is damaged; start as a new player or use your link again.",
  "error.unknown_player": "This player key no longer works (it was reset or expired); start as a new player.",
  "error.no_player": "Quick pairing needs a player: reload the page to get one.",
  "error.too_many_players": "Too many new players from your network; try again later.",
  "error.bad_settings": "Those settings are too large to keep with your player.",
  "error.signed_out": "This device was signed out: the player's secret was changed. Sign in again with the new device link.",
  "error.ranked_unfinished": "Your ranked attempt at today's deal is still open: finish it first (a game you leave ends on its own). Practice opens after it.",
  "error.ranked_no_help": "No hints in your ranked attempt at today's deal: the board ranks what you find yourself. They work in practice games.",

  // ---- the learn pages -------------------------------------------------------------------
  "learn.gin-rummy.summary": "Two players draw and discard, racing to arrange ten cards into sets and runs.",
  "learn.gin-rummy.rules": `
## The aim
Two players, one deck of 52 cards. Each tries to arrange their hand into melds before the other does, and to catch the other player with high cards still loose.

## The deal
Each player gets 10 cards. The next card is turned face up to start the discard pile: the upcard. The rest is the stock, face down. The deal passes to the other player after every scored hand.

## Melds
- A **set** is 3 or 4 cards of one rank, like [7S] [7D] [7C].
- A **run** is 3 or more cards of one suit in a row, like [4H] [5H] [6H].
- The ace is low: [AS] [2S] [3S] is a run, [QS] [KS] [AS] is not.
- A card belongs to one meld at most.

The game finds your melds for you and shows them as coloured bars under your cards. When a card could join a set or a run, it takes the arrangement that leaves you the least deadwood.

## Deadwood
Cards in no meld are deadwood. An ace counts 1, the cards 2 to 10 their number, and a jack, queen or king 10. Your deadwood is always shown beside your hand.

## A turn
- Draw one card: the top card of the stock, or the top card of the discard pile.
- Then select one card of your hand and discard it.
- The card you have just taken from the discard pile may not be discarded in the same turn.

## The first turn
The non-dealer may take the upcard or pass. After a pass the dealer gets the same choice. If both pass, the non-dealer starts by drawing from the stock.

## Knocking and gin
After drawing, if your deadwood would be 10 or less once a card is discarded, you may select that card and **knock** with it instead of a plain discard. The hand ends. With no deadwood at all it is **gin**. Knocking is never forced: you may play on for a lower count or for gin.

## Laying off
After a knock (never after gin), the defender's loose cards are laid off on the knocker's melds: a run grows at either end, as far as the cards go, and a set of three takes its fourth card. The game does it for the defender, in the way that leaves them the least deadwood. The knocker never lays off.

## Scoring a hand
| Result | Who scores | Points |
|---|---|---|
| Knock, the knocker has less deadwood | the knocker | the difference |
| Knock, the defender has as little or less: an undercut | the defender | 25 + the difference |
| Gin | the knocker | 25 + the defender's deadwood |
| Dead hand | nobody | 0 |

## A dead hand and the end of the game
When a player discards without knocking and only two cards are left in the stock, the hand is dead: nobody scores and the same dealer deals again. The player who draws the fiftieth card may still knock or go gin. Hands go on until a player reaches 100 points; there are no other bonuses.

## Playing here
- Tap a card to select it, tap it again to let it go; drag a card to move it within your hand.
- **Sort** puts your melds first and the rest by rank. **Whole pile** shows every card in the discard pile.
- **Discard** and **Knock** act on the selected card; the Knock button shows the deadwood you would keep.
- A move the rules do not allow is refused, and the table says which rule refuses it.
- With the keyboard: Tab reaches every button; on a card, Enter selects it, Left and Right go from card to card, Shift with Left or Right moves the card in your hand, D discards it and K knocks with it.
- A room's link is its invitation: send it to a friend. If your connection drops, you come back to your seat.
- **Today's game** is played against the normal bot, with the same cards for everyone that day.
`,
  "learn.gin-rummy.tips": `
## Drawing
- Take the discard only when it completes a meld or nearly does; otherwise draw from the stock. What you take from the pile, your opponent sees.
- Keep pairs and near runs, like [5H] with [7H]: several different cards can turn them into a meld.

## Discarding
- Throw high loose cards away early: a king left in your hand counts 10 when the other player knocks.
- Watch what your opponent picks up and what they pass on: it shows what they collect. Do not feed them those cards.

## Knocking
- Knock early when you can: a quick knock with a few points often beats waiting for gin.
- Think twice before knocking with 8, 9 or 10 late in a hand: your opponent may be nearly ready, and an undercut gives them 25.
- Before you knock, look at your runs: their ends are where the defender lays off.

## The bots
- The easy bot keeps pairs, throws high cards away and knocks only when nearly done.
- The normal bot takes the discards that help it, remembers what you picked up and knocks as soon as it can.
- The hard bot weighs which unseen cards would help it, keeps back what you want and chooses its moment to knock.
- The expert bot builds a picture of your hand from what you took and passed, and judges every discard and knock against it. The bots only ever see what a player in their seat would see.
`,
  "learn.gin-rummy.history": `
## A rummy game for two
Gin Rummy belongs to the rummy family: card games in which players collect cards into sets and runs, played in many forms around the world. Gin is the two-player form, and it became popular in the United States early in the twentieth century.

## The version played here
Games of gin are played with many small differences. Here the ace is always low, a knock needs 10 or less, gin and an undercut are each worth 25, and a game goes to 100 points, with no extra game or line bonuses.
`,
  "learn.gin-rummy.faq": `
## What is deadwood?
The total value of the cards in no meld. The lower it is, the better.

## Must I knock when I can?
No. You may play on for a lower count or for gin. Knocking is your choice.

## Do I have to lay off my cards on my opponent's melds?
No. When your opponent knocks, the game finds the best way to lay your loose cards off on their melds, and shows the result.

## Why may I not discard the card I just took?
That is the rule: a card taken from the discard pile stays in your hand at least one turn. Any other card may go.

## What is an undercut?
After a knock, when the defender's deadwood (after laying off) is as low as the knocker's or lower, the defender scores 25 plus the difference.

## Can a queen, king and ace make a run?
No, the ace is low: ace, two, three is a run; queen, king, ace is not.

## What happens when the stock runs low?
When a plain discard leaves only two cards in the stock, the hand is dead: nobody scores and the same dealer deals again.

## Can the bots see my cards?
No. A bot gets exactly what a player in its seat would see: its own hand and the table.

## What is today's game?
A match against the normal bot in which everybody who plays that day (in UTC) gets the same cards, hand after hand.

## How does today's game rank?
Only your first attempt of the day counts. Matches played to the end come first, won before lost, then by the point difference. A player who leaves (or runs out of time) loses the match, and a forfeited attempt ranks below every match played to its end, however badly that one was lost.

## Could someone learn today's cards with a second player?
Everyone plays the same cards that day, so a second identity could look at them first; that cannot be prevented, only made costly. A player created today reaches today's boards only after finishing a game of any kind (a solitaire won, or a hand of Gin Rummy played to its end); otherwise their first attempt of the day is practice.

## When does a match change my rating?
A rated match between two people counts once both have made a move of their own (a match left before that is aborted), at least one hand has been played to its end, the two players have not used the same network at any time in the last 30 days (at home, at a café, on a phone: any network either of them played from), and they have not already played three rated matches against each other that day (UTC).

## What does the "?" after a rating mean?
That the rating is provisional. Every new player starts at 1500, and the server cannot yet tell a newcomer's real strength from a spare identity made to lose on purpose. A rating stays provisional until its uncertainty falls under 110 and its holder has played rated matches against people from three different networks. A provisional rating still moves after every rated match, from the very first one. An established rating gains nothing from beating a provisional player (your game list says so), but a loss to one counts as usual: nobody can lose on your behalf. Provisional ratings are not on the ratings leaderboard. A rating left unused for months grows uncertain again, and is provisional until it has been played back into shape.

## Can I talk to my opponent?
With a few set phrases, never free text. During a match between two people, **Say…** above the table lists twenty of them ("Good luck!", "Nice move!", "One more?"), and each player and spectator reads the one you pick in their own language. One phrase every 2 seconds, 30 a match. Spectators see them only at a public table, the replay keeps them, and **Hide the opponent's phrases** in Settings keeps the other player's off your screen.

## How do I add a friend?
Three ways: the button on a player's profile, the button at the end of a match you played with them, or your friend link (on the Friends page in the top bar), which sends you a request from whoever opens it. They accept or decline; until then the request waits on both Friends pages. Either of you can remove the friendship at any time. You can have up to 200 friends, 20 requests of yours waiting for an answer and 100 waiting for yours, and you can send only so many requests an hour.

## What do my friends see of me?
Whether you are offline, online or playing, kept up to date within a couple of seconds, whichever device you use. When you play at a public table they get a link to watch it; a private table is shown only as "playing", never which one. If you would rather not be seen, tick "Hide my presence" on the Friends page: every friend then sees you as offline.

## What does blocking someone do?
It ends your friendship and any request between you. Until you unblock them, they cannot send you a request or a challenge, they never see whether you are online, and quick pairing and rematch offers never put the two of you at one table.

## How do I challenge a friend?
Use the challenge button next to their name on the Friends page and choose the match as in "More options": its length, the turn clock, rated or casual. Your friend sees it at once on every device they have open, with buttons to accept or decline, and you see the answer. A challenge lapses after a minute, or when you leave; it cannot be accepted while you are seeking a game, in another challenge or at a table. A rated challenge follows the same rules as any rated match.
`,
  "learn.gin-rummy.examples": `
Each example is a real position built by the game's engine, with you in the bottom seat. Try the moves with the buttons, or play them by hand on the table: a move the rules refuse shows the rule, an allowed one is played. **Start again** puts the position back.
`,

  "learn.easy-harp.summary": "Two decks, nine columns and one card at a time: patience in the true sense.",
  "learn.easy-harp.rules": `
## In short
Easy Harp is played alone with two decks shuffled together: 104 cards, each card twice. Build the columns down in alternating colours, moving one card at a time, and bring all 104 cards up to eight foundations, two per suit, from ace to king.

## The layout
Nine columns of 1, 2 and so on up to 9 cards: 45 cards. Only the last card of each column is face up; the other 36 are face down. The remaining 59 cards form the stock, face down. Beside it are the empty waste and eight empty foundations.

## Moves
- On a column: a card goes on a face-up card of the opposite colour that is exactly one rank higher, a red card on a black one and a black card on a red one. The [7H] goes on the [8S] or the [8C].
- Every card exists twice, so a black six has four places: two [7H] and two [7D].
- From the waste only the top card plays, to a column or to its foundation.
- A face-down card that is uncovered turns face up by itself.

The ranks go from the ace, the lowest, to the king: ace, 2 to 10, jack, queen, king.

## One card at a time
This is the rule that sets Easy Harp apart from Klondike: between columns only the top card moves. A run already built, such as [8S] [7H] [6C], cannot move as a whole, even when its first card would fit somewhere else: take it apart card by card, starting from its last card. If you try, the move is refused, and with interactive rules on (the default) the game names the rule. The examples page lets you try it.

## Empty columns and king runs
Only a king may go to an empty column. This is also the single exception to one card at a time: a run that starts with a king and goes down in alternating colours (up to 13 cards, king to ace) may move as a whole into an empty column, and nowhere else. No other card may go to an empty column, not even to uncover a face-down card.

## Foundations
There are eight foundations, two for each suit, and each slot has its suit. Each one is built from the ace up to the king, one card at a time. An ace goes only to an empty slot of its own suit. A card dropped anywhere on the foundations goes to the first slot that takes it.

## The stock
A tap on the stock turns one card onto the waste. When the stock is empty, a tap turns the whole waste back into the stock, face down, in the same order. You may go through it as often as you like, at no cost.

## The end
The game is won when all 104 cards are on the foundations. It never declares a loss: when no useful move is left, undo, or start a new deal.

## Scoring
| Move | Points |
|---|---|
| A card to a foundation, from a column or the waste | +10 |
| A card from the waste to a column | +5 |
| A face-down card turned up (on top of the move that uncovered it) | +5 |
| The waste turned back into the stock | 0 |
| Column to column (one card, or a king run) | 0 |
| A card taken back from a foundation | 0 |

The score starts at 0 and only goes up: no move costs points, and Undo only takes back what the undone move earned. A card earns its foundation points once per game, even if it is taken back and goes up again. A game won without taking cards back always scores 1 220 (104 × 10 + 36 × 5), plus 5 for every card played from the waste to a column.

## Playing here
- Nothing moves by itself, and the game never finishes itself.
- Tap a top card to send it to a foundation that takes it. Tap twice quickly (the double tap setting, on by default) and, if no foundation takes it, it looks for a place on the tableau: the longest column first, then an empty column for a king.
- Drag cards too. The top card of a foundation may be dragged back to the tableau; the score does not change.
- **Undo** takes back up to the last 100 actions: their points go, but the move counter does not go down.
- With the keyboard: Space picks up a card (with the cards on it) and Space on another pile puts it there; Enter taps, Shift+Enter double-taps, Escape puts it back.
- Every deal has a number from 1 to 999 999, shown as a code such as EH1-N-AAAAAAF. **New game** offers a new deal (picked at random), today's deal (the same for everyone that day), the same deal again, or any code.
- **Hint** suggests a move; **Can this still be won?** asks the server whether a win is still possible.
`,
  "learn.easy-harp.tips": `
## Early in the game
- Face-down cards are what block you: prefer the moves that uncover one (they score 5 as well).
- Send aces and twos up early; keep higher cards on the tableau while they are still useful to build on.
- Go through the stock to see what is coming: it costs nothing.

## Columns
- Empty a column only when a king is ready for it: an empty column takes nothing else.
- Before you build a long run, think about how you will take it apart: runs move card by card, except a king run into an empty column.
- A king run in an empty column is safe: it never has to move again.

## Two decks
- Every card has a twin. When one seven is buried, look for the other.
- A card may have two foundations to go to: keep both suits' slots in mind.

## When you are stuck
- Undo is there to be used: try a line, and take it back if it leads nowhere.
- **Can this still be won?** tells you whether a win is still possible from where you are.
`,
  "learn.easy-harp.history": `
## A patience for two decks
Games of patience, card games for a single player, have been played since the late eighteenth century. Klondike, probably named after the Canadian gold rush of the 1890s, is the best known of them, and Easy Harp belongs to its family: columns built down in alternating colours, a stock, and foundations from ace to king.

## What makes it different
Easy Harp doubles the deck, widens the tableau to nine columns and takes away the moving of whole runs, except a king's run into an empty column. Long runs have to be built and taken apart card by card: a patience in the true sense of the word.
`,
  "learn.easy-harp.faq": `
## Why can I not move my run onto another column?
Only one card at a time moves between columns. A run moves as a whole only when it is led by a king, and only into an empty column.

## Why will my queen not go to the empty column?
Only a king may go to an empty column, even when moving another card there would uncover a face-down one.

## Why did my ace go to the second slot of its suit?
Each of the eight slots has a suit, two per suit. A card goes to the first slot that takes it; an ace only to an empty slot of its own suit.

## Does going through the stock cost points?
No. In Easy Harp the stock may be turned over as often as you like, for free.

## Does Undo give my moves back?
Undo takes the position back and removes the points of what it undoes, but the move counter keeps counting.

## What is a deal code?
Every deal has a number from 1 to 999 999. In the code EH1-N-AAAAAAF, EH1 is Easy Harp with dealing method 1, N says there are no options to choose (Easy Harp has none), and the seven letters are the number (A is 0, B is 1 and so on): AAAAAAF is deal 5. The same code always gives the same deal, stock included, so you can send one to a friend.

## What is today's deal?
A deal that is the same for everyone that day (in UTC), picked among deals the server has checked can be won.

## Can every deal be won?
No. To play only deals known to be winnable, tick "winnable deals only" in the new-game window.

## Why did a card I put back up earn no points?
Each card earns its foundation points once per game, so taking cards down and up again adds nothing.

## How is today's deal ranked?
Only your first attempt of the day counts, timed from the moment you sit down at it, not from your first move. In that attempt the hints and "Can this still be won?" are off, and you cannot open a practice game of the same deal until it is over (a game you leave ends by itself after an hour). Afterwards, practise as much as you like.

## Could someone learn today's deal with a second player?
Everyone gets the same deal that day, so a second identity could look at it first; that cannot be prevented, only made costly. A player created today reaches today's boards only after finishing a game of any kind (a solitaire won, or a hand of Gin Rummy played to its end); otherwise their first attempt of the day is practice.
`,
  "learn.easy-harp.examples": `
Each example is a real Easy Harp position built by the game's engine. Try the moves with the buttons, or play them by hand on the board (tap, double tap, drag): a move the rules refuse shows the rule, an allowed one is played. **Start again** puts the position back.
`,

  "learn.reflechi.summary": "Klondike with every card face up: nothing is hidden, everything is thought through.",
  "learn.reflechi.rules": `
## In short
Solitaire Réfléchi is Klondike in which the whole tableau is dealt face up. One deck of 52 cards: build down in alternating colours, move ordered runs, and bring every card to four foundations, from ace to king.

## The layout
Seven columns of 1, 2 and so on up to 7 cards: 28 cards, all face up. That is the only difference from the deal of Klondike, where only the last card of each column shows. The other 24 cards form the stock, face down. The waste and the four foundations start empty.

## Moves
- On a column: a card goes on the last card of a column if it is of the opposite colour and exactly one rank lower. The [7H] goes on the [8S] or the [8C].
- From the waste only the top card plays, to a column or to its foundation.
- To a foundation: the last card of a column or the top card of the waste, one card at a time.

The ranks go from the ace, the lowest, to the king: ace, 2 to 10, jack, queen, king.

## Runs
A card in the middle of a column may move together with all the cards on it, if those cards already form a run: alternating colours, each card one rank lower than the one under it. A run is therefore at most 13 cards, king to ace. Every card can be seen, but a card you can see is not always a card you can move: if the cards on it are not in order, the move is refused. The examples page shows it on the very first deal.

## Empty columns
Only a king may go to an empty column, alone or with the ordered run on it.

## Foundations
Each foundation takes one suit, from the ace up to the king, one card at a time. Their places are fixed: spades, hearts, diamonds, clubs. Drag a card onto the foundations and it finds the right one.

## The stock
Choose in the new-game window:
- Draw 1, easy, the default: each tap turns one card, so every card of the stock can be played in turn.
- Draw 3, hard: each tap turns three cards, fanned on the waste. Only the last one can be played, and playing it frees the one under it.

When the stock is empty, a tap turns the whole waste back into it, in the same order. You may go through it as often as you like, but each time costs 100 points.

## The end
The game is won when all 52 cards are on the foundations. It never declares a loss: when no useful move is left, undo, or start a new deal.

## Scoring
| Move | Points |
|---|---|
| A card to a foundation | +10 |
| A card from the waste to a column | +5 |
| The waste turned back into the stock | −100 |
| Column to column, or a card taken back from a foundation | 0 |

The score starts at 0 and never goes below 0, so an early pass through the stock may cost less than 100. The 52 cards on the foundations give 520; a won game scores that, plus 5 for each card played from the waste to a column, less what the passes cost. The scoring also has +5 for a face-down card turned up, but it never happens here: no card is face down.

## Playing here
- Nothing moves by itself, and the game never finishes itself. Tap the last card of a column or the top of the waste to send it to its foundation; tap twice quickly (the double tap setting) and, if no foundation takes it, it looks for a place on the tableau: the longest column first, then an empty column for a king. Drag cards too.
- The top card of a foundation may be dragged back to the tableau; the score does not change.
- **Undo** takes back up to the last 100 actions: their points go, but the move counter does not go down.
- **Interactive rules** (on by default): when a move is refused, the game shows the rule that forbids it.
- Every deal has a code, such as TF1-D1N-AAAAAAB, that rebuilds exactly the same deal, stock included. **New game** offers a new deal, today's deal, the same deal again, or any code, drawing 1 or 3.
- With the keyboard: Space picks up cards and Space on another pile puts them there; Enter taps, Shift+Enter double-taps, Escape puts them back.
`,
  "learn.reflechi.tips": `
## Before the first move
- You can see every card in the tableau: look for the aces and twos that are buried, and for what covers them.
- Count the moves a buried card needs before you start on it; begin with the columns that free the most.

## Runs and columns
- Keep your runs in order: a stack that is out of order can only be taken apart from the top.
- An empty column is worth a lot: fill it with the king that frees the most cards.
- Do not hurry cards to the foundations when they are still needed to build on.

## The stock
- Every pass through the stock costs 100 points: go through it with a plan.
- In draw 3, playing a card from the waste changes which cards turn up on the next pass: sometimes playing one card is what frees the card you need.

## When you are stuck
- **Hint** suggests a move, and **Can this still be won?** tells you whether a win is still possible.
`,
  "learn.reflechi.history": `
## Klondike, thought through
Klondike is the best known game of patience, probably named after the Canadian gold rush of the 1890s. Dealt with every card face up, it changes character: nothing depends on what lies hidden, and the game becomes one of planning ahead. The French name réfléchi means thought through, and that is what the game asks of you.

## A game for thinkers and for computers
With every card of the tableau in sight, a whole game can be worked out in advance. Mathematicians and computer scientists have studied this form of Klondike, sometimes under the name Thoughtful Solitaire, precisely because a program can search it for a win.
`,
  "learn.reflechi.faq": `
## Every card is visible: why can I not move this stack?
A stack moves only when the cards on the one you pick form a run: alternating colours, each one rank lower than the card under it. A visible card is not always a movable one.

## What does draw 3 change?
Each tap turns three cards, and only the last one can be played. Playing it frees the card under it. Draw 1 turns one card at a time.

## Why did my score drop by less than 100?
Turning the waste back costs 100 points, but the score never goes below 0.

## What is a game code?
A code such as TF1-D1N-AAAAAAB names a deal: TF1 is Réfléchi with dealing method 1, D1N draw 1 (D3N is draw 3), and the seven letters are the deal's number (A is 0, B is 1 and so on). The same code always rebuilds the same deal, stock included.

## Can every deal be won?
No, not even with every card in sight. To play only deals known to be winnable, tick "winnable deals only" in the new-game window; today's deals are always winnable.

## How is it different from Klondike?
Only in the deal: every card of the tableau is face up. The moves, the runs and the stock are those of Klondike.

## How is today's deal ranked?
Only your first attempt of the day counts, timed from the moment you sit down at it, not from your first move. In that attempt the hints and "Can this still be won?" are off, and you cannot open a practice game of the same deal until it is over (a game you leave ends by itself after an hour). Afterwards, practise as much as you like.

## Could someone learn today's deal with a second player?
Everyone gets the same deal that day, so a second identity could look at it first; that cannot be prevented, only made costly. A player created today reaches today's boards only after finishing a game of any kind (a solitaire won, or a hand of Gin Rummy played to its end); otherwise their first attempt of the day is practice.
`,
  "learn.reflechi.examples": `
Each example is a real Solitaire Réfléchi position built by the game's engine. Try the moves with the buttons, or play them by hand on the board (tap, double tap, drag): a move the rules refuse shows the rule, an allowed one is played. **Start again** puts the position back.
`,

  // ---- the examples (server/examples) ----------------------------------------------------
  "ex.gin-rummy.melds.title": "Melds and deadwood",
  "ex.gin-rummy.melds.text": `
Your melds are the cards with a coloured bar under them: here the three sevens. Everything else is deadwood, counted beside your hand. The [7H] on the discard pile fits twice: as a fourth seven, or in the run [5H] [6H] [7H]. Take it and watch the game choose: the run and the set together leave you the least deadwood.

A turn starts with a draw: knocking first is refused.
`,
  "ex.gin-rummy.melds.try.knock": "Knock before drawing",
  "ex.gin-rummy.melds.try.take": "Take the 7♥",
  "ex.gin-rummy.just-taken.title": "The card you just took",
  "ex.gin-rummy.just-taken.text": `
Take the [9D] from the pile: it makes three nines. Now try to throw it straight back: refused, because a card taken from the discard pile may not be discarded in the same turn. Discard another card, such as the [KH].
`,
  "ex.gin-rummy.just-taken.try.same": "Take the 9♦ and discard it",
  "ex.gin-rummy.just-taken.try.other": "Take the 9♦, discard the K♥",
  "ex.gin-rummy.upcard-offer.title": "The upcard offer",
  "ex.gin-rummy.upcard-offer.text": `
A hand begins with an offer: the non-dealer, you here, may take the upcard, the [6S], or pass. Drawing from the stock first is refused. The [6S] extends your run [3S] [4S] [5S], so take it. If you pass, your opponent gets the same choice.
`,
  "ex.gin-rummy.upcard-offer.try.stock": "Draw from the stock",
  "ex.gin-rummy.upcard-offer.try.take": "Take the 6♠",
  "ex.gin-rummy.upcard-offer.try.pass": "Pass",
  "ex.gin-rummy.both-passed.title": "After two passes",
  "ex.gin-rummy.both-passed.text": `
You passed on the [6S], and so did your opponent. Now you start, and the first card must come from the stock: the upcard has been offered to you both. Taking it now is refused.
`,
  "ex.gin-rummy.both-passed.try.pile": "Take the 6♠",
  "ex.gin-rummy.both-passed.try.stock": "Draw from the stock",
  "ex.gin-rummy.knock.title": "A knock and its lay-offs",
  "ex.gin-rummy.knock.text": `
You hold three melds and two loose cards, the [3D] and the [KD]. Knock with the [KD] and your deadwood is 3. Your opponent's hand is shown open here: after the knock the game lays off their [7H] on your hearts run, their [8H] on your eights and their [4C] on your clubs, in the way that leaves them the least. What they have left is compared with your 3, and you score the difference.

Knocking with a card of a meld would leave you too much deadwood: refused.
`,
  "ex.gin-rummy.knock.try.high": "Knock with the 4♥",
  "ex.gin-rummy.knock.try.knock": "Knock with the K♦",
  "ex.gin-rummy.undercut.title": "An undercut",
  "ex.gin-rummy.undercut.text": `
Knock with the [KS] and your deadwood is 8, the [8D]; your opponent holds 17 in loose cards: it looks like a win. But their [5H] lays off on your hearts run and their [9H] on your nines, and they are left with 3. When the defender ends with as little deadwood as the knocker, or less, it is an undercut: the defender scores 25 plus the difference, here 25 + 8 − 3 = 30.
`,
  "ex.gin-rummy.undercut.try.knock": "Knock with the K♠",
  "ex.gin-rummy.gin.title": "Gin",
  "ex.gin-rummy.gin.text": `
Discard the [9D] and you have no deadwood at all: knock with it for gin. After gin nothing is laid off, not even the [4S] that would fit your spades, and you score 25 plus all of your opponent's deadwood.

Knocking with a card of a meld instead would leave 23: refused.
`,
  "ex.gin-rummy.gin.try.high": "Knock with the 7♥",
  "ex.gin-rummy.gin.try.gin": "Knock with the 9♦: gin",

  "ex.easy-harp.built-run.title": "A built run moves card by card",
  "ex.easy-harp.built-run.text": `
The first column ends with the run [8S] [7H] [6C]. Its first card would fit on the [9D], but the run may not move as a whole: between columns only one card at a time moves. Take it apart from its last card instead: the [6C] goes on the [7D].
`,
  "ex.easy-harp.built-run.try.run": "Move the run onto the 9♦",
  "ex.easy-harp.built-run.try.one": "Move the 6♣ onto the 7♦",
  "ex.easy-harp.king-run.title": "A king run into an empty column",
  "ex.easy-harp.king-run.text": `
A run led by a king is the one exception: [KS] [QH] [JC] moves as a whole into the empty second column, and the face-down card under it turns up (+5). The same run without its king, [QH] [JC], may not move together.
`,
  "ex.easy-harp.king-run.try.queen": "Move Q♥ J♣ to the empty column",
  "ex.easy-harp.king-run.try.king": "Move K♠ Q♥ J♣ to the empty column",
  "ex.easy-harp.empty-column.title": "Only a king goes to an empty column",
  "ex.easy-harp.empty-column.text": `
Moving the [QD] to the empty fifth column would uncover a face-down card, but only a king may go there. Play the [KC] from the waste instead (+5); then the [QD] can go on it.
`,
  "ex.easy-harp.empty-column.try.queen": "Move the Q♦ to the empty column",
  "ex.easy-harp.empty-column.try.king": "Play the K♣ there",
  "ex.easy-harp.empty-column.try.then": "The K♣ there, then the Q♦ on it",
  "ex.easy-harp.four-places.title": "Two decks: four places for a black six",
  "ex.easy-harp.four-places.text": `
Every card is there twice, so the [6S] on the waste has four places: the two [7H] and the two [7D]. Try any of them, or tap the six twice: a double tap takes the longest column it fits on. The black [7C] takes no black six.
`,
  "ex.easy-harp.four-places.try.black": "Put the 6♠ on the 7♣",
  "ex.easy-harp.four-places.try.red": "Put the 6♠ on a 7♥",
  "ex.easy-harp.four-places.try.double": "Double tap the 6♠",
  "ex.easy-harp.foundations.title": "Eight foundations, two per suit",
  "ex.easy-harp.foundations.text": `
Each foundation slot has its suit, two slots per suit. The first hearts slot already holds an ace, so it takes the [2H] next, not the [3H]. The second [AH] may not go to a spades slot: tap it, and it finds the empty hearts slot by itself.
`,
  "ex.easy-harp.foundations.try.slot": "Put the A♥ on the spades slot",
  "ex.easy-harp.foundations.try.order": "Put the 3♥ on the A♥",
  "ex.easy-harp.foundations.try.tap": "Tap the A♥",

  "ex.reflechi.unordered-run.title": "A card you can see is not always a card you can move",
  "ex.reflechi.unordered-run.text": `
This is the first deal, TF1-D1N-AAAAAAB. The [9D] in the sixth column would fit on the [TC], but the [5D] lies on it, and the two are not a run: the stack may not move. Cards move together only when they are already in order. Instead, send the [AH] up, and then the [TH] can go on the [JC].
`,
  "ex.reflechi.unordered-run.try.stack": "Move 9♦ 5♦ onto the 10♣",
  "ex.reflechi.unordered-run.try.ace": "Tap the A♥",
  "ex.reflechi.unordered-run.try.ten": "A♥ up, then the 10♥ on the J♣",
  "ex.reflechi.ordered-run.title": "An ordered run moves as one",
  "ex.reflechi.ordered-run.text": `
[9H] [8C] [7D] is a run: alternating colours, each card one lower. It moves as a whole onto the [TC]. Taken with the [KS] under it, the stack is no longer a run, and the four cards may not move together.
`,
  "ex.reflechi.ordered-run.try.king": "Move the K♠ with the run",
  "ex.reflechi.ordered-run.try.run": "Move 9♥ 8♣ 7♦ onto the 10♣",
  "ex.reflechi.empty-column.title": "An empty column takes a king",
  "ex.reflechi.empty-column.text": `
The fourth column is empty. [QH] [JS] is a run, but it is not led by a king: refused. The [KD] with its run [QC] [JH] goes there as a whole.
`,
  "ex.reflechi.empty-column.try.queen": "Move Q♥ J♠ to the empty column",
  "ex.reflechi.empty-column.try.king": "Move K♦ Q♣ J♥ there",
  "ex.reflechi.draw-three.title": "Draw 3: only the last card plays",
  "ex.reflechi.draw-three.text": `
In draw 3 a tap turns three cards, fanned on the waste. Only the last, the [AS], can be played: the [9D] under it is refused, even though it would fit on the [TS]. Send the ace up, and the [9D] is free.
`,
  "ex.reflechi.draw-three.try.middle": "Play the 9♦ onto the 10♠",
  "ex.reflechi.draw-three.try.last": "Tap the A♠",
  "ex.reflechi.draw-three.try.freed": "A♠ up, then the 9♦ onto the 10♠",
};
