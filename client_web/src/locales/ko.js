// 한국어: locales/en.js와 같은 키를 모두 가져요 (tests/test_i18n.py). 말투는 씨앗 앱처럼 해요체예요.
export default {
  "app.name": "Cardroom",
  "app.page_load": "페이지를 불러오지 못했어요. 연결을 확인한 뒤 새로고침해 주세요.",
  "app.default_name": "플레이어 {n}",
  "nav.learn": "배우기",
  "nav.settings": "설정",
  "net.connecting": "연결 중…",
  "net.online": "온라인",
  "net.offline": "오프라인: 다시 연결하는 중…",
  "language.en": "English",
  "language.ko": "한국어",
  "language.pl": "Polski",

  "game.gin_rummy": "진 러미",
  "game.easy_harp": "Easy Harp",
  "game.reflechi": "Solitaire Réfléchi",

  "seat.you": "나",
  "seat.waiting": "플레이어를 기다리는 중",
  "name.person": "{name} 님",
  "bot.easy": "쉬움 봇",
  "bot.normal": "보통 봇",
  "bot.hard": "어려움 봇",
  "bot.expert": "전문가 봇",

  "count.cards": { other: "{n}장" },
  "count.points": { other: "{n}점" },
  "count.spectators": { other: "관전자 {n}명" },
  "count.moves": { other: "{n}수" },
  "count.deals": { other: "가능한 배치 {n}가지" },
  "count.in_moves": { other: "{n}수 만에" },

  "card.name": "{suit} {rank}",
  "card.laid_off": "{card}, 붙인 카드",
  "rank.A": "에이스",
  "rank.2": "2",
  "rank.3": "3",
  "rank.4": "4",
  "rank.5": "5",
  "rank.6": "6",
  "rank.7": "7",
  "rank.8": "8",
  "rank.9": "9",
  "rank.T": "10",
  "rank.J": "잭",
  "rank.Q": "퀸",
  "rank.K": "킹",
  "suit.S": "스페이드",
  "suit.H": "하트",
  "suit.D": "다이아몬드",
  "suit.C": "클럽",

  "move.pass.you": "나: 펴진 카드 {card} 넘김",
  "move.pass.other": "{who}: 펴진 카드 {card} 넘김",
  "move.take_upcard.you": "나: 펴진 카드 {card} 가져옴",
  "move.take_upcard.other": "{who}: 펴진 카드 {card} 가져옴",
  "move.draw_stock.you": "나: 더미에서 한 장 가져옴",
  "move.draw_stock.other": "{who}: 더미에서 한 장 가져옴",
  "move.draw_discard.you": "나: 버린 카드 {card} 가져옴",
  "move.draw_discard.other": "{who}: 버린 카드 {card} 가져옴",
  "move.discard.you": "나: {card} 버림",
  "move.discard.other": "{who}: {card} 버림",
  "move.knock.you": "나: {card} 카드로 노크",
  "move.knock.other": "{who}: {card} 카드로 노크",
  "move.unknown": "{who}: {type}",

  "result.gin.you": "진!",
  "result.gin.other": "{name}의 진!",
  "result.undercut.you": "언더컷 성공!",
  "result.undercut.other": "{name}의 언더컷!",
  "result.knock.you": "노크했어요",
  "result.knock.other": "{name}의 노크",
  "result.dead": "무승부: 아무도 점수를 얻지 못해요",
  "result.deadwood": "{name}: 남은 카드 {n}점",
  "result.laid_off": "붙인 카드: {cards}",
  "result.match": "매치: {me} {a} – {b} {them} ({target}점까지)",
  "result.match_over": "매치가 끝났어요",
  "result.match_winner.you": "매치에서 이겼어요!",
  "result.match_winner.other": "{name}, 매치 승리!",
  "score.dead": "더미가 바닥나서 이번 판은 무승부예요. 같은 딜러가 다시 나눠요.",
  "score.gin.you": "{points}을 얻었어요 (진 보너스 25점 + 상대의 남은 카드 {loser}점).",
  "score.gin.other": "{name}: {points}을 얻었어요 (진 보너스 25점 + 상대의 남은 카드 {loser}점).",
  "score.undercut.you": "{points}을 얻었어요 (언더컷 보너스 25점 + 남은 카드 차이 {knocker} − {winner}).",
  "score.undercut.other": "{name}: {points}을 얻었어요 (언더컷 보너스 25점 + 남은 카드 차이 {knocker} − {winner}).",
  "score.knock.you": "{points}을 얻었어요 (남은 카드 차이 {loser} − {winner}).",
  "score.knock.other": "{name}: {points}을 얻었어요 (남은 카드 차이 {loser} − {winner}).",
  "hand.face_down": { other: "뒷면 카드 {n}장" },

  "table.away": "자리 비움",
  "table.away_for": "자리 비움: {n}초 뒤 기권",
  "table.thinking": "생각 중",
  "table.stock_label": "더미, {cards}: 한 장 가져오기",
  "table.pile_label": "버린 카드 더미, 맨 위 {card}: 가져오기",
  "table.pile_empty": "버린 카드 더미, 비어 있음",
  "table.take": "{card} 가져오기",
  "table.pass": "넘기기",
  "table.whole_pile": "버린 카드 더미 전체",
  "table.empty": "비어 있음",
  "table.hide_pile": "버린 카드 숨기기",
  "table.show_pile": "버린 카드 전체 ({n})",
  "table.your_hand": "내 손패",
  "table.card_deadwood": "{card}, 남은 카드",
  "table.card_meld": "{card}, 묶음 {n}",
  "table.deadwood": "남은 카드 {n}점",
  "table.new": "새 카드",
  "table.sort": "정렬",
  "table.sort_title": "묶음을 앞에, 나머지는 숫자순으로",
  "table.discard": "버리기",
  "table.discard_card": "{card} 버리기",
  "table.knock": "노크",
  "table.gin": "진!",
  "table.knock_with": "노크 (남은 카드 {n}점)",
  "table.knock_select": "노크: 카드를 고르세요",
  "table.knock_title": "노크할 때 버릴 수 있는 카드를 고르세요",
  "table.scores": "{me} {a} · {b} {them}",
  "table.hand_info": " ({hand}판, {target}점까지)",
  "table.moves_label": "이번 판의 수",

  "status.forfeit.left.you_win": "{loser}이 게임을 떠나서 내가 매치에서 이겼어요.",
  "status.forfeit.left.you_lose": "게임을 떠나서 {winner}이 매치에서 이겼어요.",
  "status.forfeit.left.watch": "{loser}이 게임을 떠나서 {winner}이 매치에서 이겼어요.",
  "status.forfeit.timeouts.you_win": "{loser}이 시간을 너무 자주 넘겨서 내가 매치에서 이겼어요.",
  "status.forfeit.timeouts.you_lose": "시간을 너무 자주 넘겨서 {winner}이 매치에서 이겼어요.",
  "status.forfeit.timeouts.watch": "{loser}이 시간을 너무 자주 넘겨서 {winner}이 매치에서 이겼어요.",
  "status.waiting": "두 번째 플레이어를 기다리고 있어요. 초대 링크를 보내 보세요.",
  "status.no_show": "이 매치는 시작되지 않았어요: 짝지어진 플레이어 한 명이 들어오지 않았어요.",
  "status.match_over.you": "매치에서 이겼어요! {a}–{b}",
  "status.match_over.other": "{name}이 매치에서 이겼어요: {a}–{b}",
  "status.hand_over": "판이 끝났어요.",
  "status.hand_over_next": "판이 끝났어요. 둘 중 누구든 다음 판을 시작할 수 있고, 두 사람 모두에게 바로 시작돼요.",
  "status.your_offer": "내 차례: 펴진 카드({card})를 가져가거나 넘기세요.",
  "status.your_draw": "내 차례: 더미나 버린 카드 더미에서 한 장 가져오세요.",
  "status.your_draw_stock": "내 차례: 둘 다 펴진 카드를 넘겼으니 더미에서 한 장 가져오세요.",
  "status.your_discard": "카드를 고른 뒤 버리세요 (남은 카드가 10점 이하면 노크할 수도 있어요).",
  "status.their_offer": "{name}: 펴진 카드를 가져갈지 고민하는 중…",
  "status.their_draw": "{name}: 카드를 가져오는 중…",
  "status.their_discard": "{name}: 버릴 카드를 고르는 중…",

  "room.match_over": "매치가 끝났어요.",
  "room.waiting_next": "다음 판을 기다리는 중…",
  "room.rematch_offer": "다시 하자고 제안하기",
  "room.rematch_waiting": "{name}에게 다시 하자고 제안했어요. 대답을 기다리는 중 ({n}초).",
  "room.rematch_withdraw": "제안 취소",
  "room.rematch_offered": "{name}이 다시 하자고 해요 ({n}초 안에 대답).",
  "room.rematch_accept": "수락",
  "room.rematch_decline": "거절",
  "room.rematch_declined": "{name}이 다시 하기를 거절했어요.",
  "room.rematch_left": "{name}이 나가서 이번에는 다시 하기가 없어요.",
  "room.rematch_lapsed": "다시 하기 제안 시간이 끝났어요.",
  "room.rematch": "다시 하기",
  "room.lobby": "로비",
  "room.next_hand_note": "먼저 다음 판을 누르는 사람이 두 사람 모두의 다음 판을 시작해요.",
  "room.next_hand_dealt": "{name}이 다음 판을 시작했어요. 지난 판은 이렇게 끝났어요.",
  "room.to_the_hand": "새 판으로",
  "room.rematch_started": "두 사람이 다시 하기를 시작했어요.",
  "room.watch_rematch": "다시 하기 관전하기",
  "room.next_hand": "다음 판",
  "room.copied": "복사했어요!",
  "room.daily_title": "오늘의 {game} ({date})",
  "room.title": "{game} · 방 {id}",
  "room.spectating": "관전 중",
  "room.invite": "초대 링크 복사",
  "room.invite_short": "초대",
  "room.seat_open": "이 방에 빈자리가 있어요.",
  "room.take_seat": "자리에 앉기",
  "room.unavailable": "이 방에 들어갈 수 없어요",
  "room.back": "로비로 돌아가기",
  "room.loading": "방을 불러오는 중…",
  "room.timeout.you": "시간이 다 돼서 서버가 안전한 수를 대신 두었어요.",
  "room.timeout.other": "상대의 시간이 다 돼서 서버가 안전한 수를 대신 두었어요.",
  "room.clock": "⏱ {n}초",
  "room.rules": "규칙",

  "sol.stock_one": "뽑기 더미, {cards}: 한 장 뒤집기",
  "sol.stock_three": "뽑기 더미, {cards}: 세 장 뒤집기",
  "sol.stock_empty": "뽑기 더미가 비었어요: 버린 카드 더미를 되돌리기",
  "sol.waste_label": "버린 카드 더미, {cards}",
  "sol.foundations": "기초 더미",
  "sol.empty_foundation": "기초 더미 {n}: 비어 있음 ({suit})",
  "sol.on_foundation": "기초 더미 {n}: {card} ({cards})",
  "sol.column_label": "{n}열: 뒷면 {down}장, 앞면 {up}장",
  "sol.empty_column": "빈 {n}열",
  "sol.thinking": "생각 중…",
  "sol.searching": "찾는 중…",
  "sol.draw_label": "뽑기 더미에서 뒤집는 카드 수",
  "sol.draw1": "1장 뽑기",
  "sol.draw3": "3장 뽑기",
  "sol.code_placeholder": "배치 코드",
  "sol.new_deal": "새 배치",
  "sol.winnable_title": "서버가 이기는 방법을 이미 찾아 둔 배치예요",
  "sol.winnable": "이길 수 있는 배치만",
  "sol.today": "오늘의 배치",
  "sol.same": "같은 배치",
  "sol.play_code": "이 코드로 하기",
  "sol.new_game": "새 게임",
  "sol.copy": "복사",
  "sol.daily_code": "오늘의 배치: 코드는 내일(UTC) 공개돼요",
  "sol.copy_label": "배치 코드 {code} 복사",
  "sol.score": "점수 {n}",
  "sol.moves": "{n}수",
  "sol.undo": "되돌리기",
  "sol.hint": "힌트",
  "sol.can_win": "아직 이길 수 있나요?",
  "sol.ranked_no_help": "순위 도전: 힌트 없음",
  "sol.interactive": "규칙 안내",
  "sol.won_you": "이겼어요!",
  "sol.won": "승리!",
  "sol.win_line": "{moves} 만에 {score}점 ({code}).",

  "pile.from.waste": "버린 카드 더미에서",
  "pile.from.foundation_any": "기초 더미에서",
  "pile.from.foundation": "{n}번 기초 더미에서",
  "pile.from.column": "{n}열에서",
  "pile.to.waste": "버린 카드 더미로",
  "pile.to.foundation_any": "기초 더미로",
  "pile.to.foundation": "{n}번 기초 더미로",
  "pile.to.column": "{n}열로",
  "hint.none": "지금은 도움이 되는 수가 없어요.",
  "hint.stock": "뽑기 더미에서 한 장 뒤집으세요.",
  "hint.recycle": "버린 카드 더미를 뽑기 더미로 되돌리세요.",
  "hint.cards.top": "맨 위 카드",
  "hint.cards.one": "{card} 카드",
  "hint.cards.run": { other: "{card}부터 {n}장의 카드" },
  "hint.move": "{cards}를 {from} {to} 옮기세요.",
  "hint.sure.winnable": "이 수를 두어도 아직 이길 수 있어요.",
  "hint.sure.lost": "여기서는 더 이상 이길 방법이 없지만, 그래도 가장 나은 수예요.",
  "hint.sure.samples": "아직 뒷면인 카드가 있어서, {samples}로 해 봤어요. 이 수로 그중 {wins}가지에서 이겼어요.",
  "hint.sure.unknown": "잘 모르겠어요. 따져 볼 경우가 너무 많아 시간 안에 다 확인하지 못했지만, 이 수가 가장 좋아 보여요.",
  "hint.line": "힌트: {move} {sure}",
  "verdict.yes": "네, 이 배치는 아직 이길 수 있어요.",
  "verdict.no": "아니요, 여기서는 이길 방법이 없어요.",
  "verdict.unknown": "잘 모르겠어요. 따져 볼 경우가 너무 많아 시간 안에 다 확인하지 못했어요.",

  "replay.title": "다시 보기 {id}",
  "replay.position": "{at}/{total}수",
  "replay.hand": "{n}판",
  "replay.jump": "판 고르기",
  "replay.first": "첫 수",
  "replay.back": "한 수 뒤로",
  "replay.play": "재생",
  "replay.pause": "일시 정지",
  "replay.forward": "한 수 앞으로",
  "replay.last": "마지막 수",
  "replay.controls": "다시 보기 조작",
  "replay.scrub": "게임 진행 위치",
  "replay.sol_title": "다시 보기: {game} {code}",
  "replay.loading": "다시 보기를 불러오는 중…",
  "replay.none": "다시 보기 없음",
  "replay.dealt": "카드를 나눴어요.",
  "hindsight.button": "어디서 졌을까요?",
  "hindsight.note": "결과를 다 알고 본 분석이에요. 게임 중에는 볼 수 없던 뒤집힌 카드와 더미의 순서까지 모두 보고 따졌어요.",
  "hindsight.lost_at": "{n}번 수를 두기 전까지는 이길 수 있었어요. 그 수 뒤로는 방법이 없었어요.",
  "hindsight.never": "모든 카드를 알아도 이 배치는 이길 수 없었어요.",
  "hindsight.still": "게임을 멈췄을 때도 아직 이길 수 있었어요.",
  "hindsight.unknown": "잘 모르겠어요. 따져 볼 경우가 너무 많아요.",
  "hindsight.won_shorter": "{moves} 이겼어요. {best} 이기는 방법도 있었어요.",
  "hindsight.won": "{moves} 이겼어요. 더 짧게 이기는 방법은 찾지 못했어요.",
  "hindsight.button_won": "더 빨리 이길 수 있었을까요?",
  "hindsight.play": "이기는 수순 보기",
  "hindsight.back": "게임으로 돌아가기",
  "review.button": "복기",
  "review.of": "{name} 복기",
  "review.title": "결정마다 잃은 점수",
  "review.accuracy": "정확도 {n}/100",
  "review.scale": "100은 모든 결정이 복기에서 찾은 가장 좋은 수였다는 뜻이에요. 결정으로 잃은 기대 점수가 클수록 낮아져요.",
  "review.hand": "{n}판 {accuracy}",
  "review.lost": "잃은 기대 점수: 가져오기에서 {draw}점, 버리기에서 {discard}점",
  "review.decision": "{hand}판: {chosen}는 {best}보다 기대 점수가 약 {points}점(±{margin}) 낮았어요.",
  "review.to_marks": "표시된 결정 목록으로 돌아가기",
  "review.mark.inaccuracy": "아쉬운 수",
  "review.mark.mistake": "실수",
  "review.mark.blunder": "큰 실수",
  "review.clean": "크게 손해 본 결정이 없어요. 잘했어요!",
  "review.graph": "결정마다 매치를 이길 확률과 표시된 결정",
  "review.loading": "매치를 복기하고 있어요…",
  "review.act.take_upcard": "펴진 카드 가져오기",
  "review.act.pass": "펴진 카드 넘기기",
  "review.act.draw_discard": "버린 카드 가져오기",
  "review.act.draw_stock": "더미에서 가져오기",
  "review.act.discard": "{card} 버리기",
  "review.act.knock": "{card} 버리고 노크하기",

  "lobby.play_now": "지금 바로 대전",
  "lobby.play_now_text": "같은 매치를 원하는, 레이팅이 비슷한 다음 사람과 바로 만나요.",
  "lobby.seeking": "상대를 찾고 있어요: {target}점까지 {kind} 매치. 기다린 시간 {time}.",
  "lobby.seek_rated": "레이팅",
  "lobby.seek_casual": "친선",
  "lobby.seek_rated_rule": "레이팅 대전에서는 같은 인터넷 주소의 두 플레이어를 짝지어 주지 않아요. 스스로 레이팅을 올리지 못하게 하려는 거예요. 기다리는 상대가 같은 네트워크에 있다면 친선 대전으로 하세요.",
  "lobby.seek_switch_casual": "친선 대전으로 찾기",
  "lobby.cancel_seek": "그만 찾기",
  "lobby.seek_expired": "5분 동안 같은 매치를 원하는 사람이 없었어요. 다시 찾거나 옵션을 바꿔 보세요.",
  "lobby.seek_replaced": "다른 탭이나 기기에서 매치를 찾고 있어요.",
  "lobby.seek_reset": "플레이어의 비밀 키가 방금 바뀌어서 매치 찾기가 멈췄어요. 다시 찾아 주세요.",
  "lobby.turn_clock": "한 턴의 시간",
  "lobby.no_clock": "제한 없음",
  "lobby.seconds": "{n}초",
  "nav.watch": "관전",
  "watch.title": "지금 진행 중인 게임 관전",
  "watch.lead": "지금 진행 중인 공개 진 러미 매치예요. 레이팅이 높은 매치부터 보여 주고, 게임이 시작하고 끝날 때마다 목록이 바뀌어요.",
  "watch.featured": "추천 게임",
  "watch.no_featured": "지금 진행 중인 레이팅 매치 가운데 두 사람 모두 레이팅이 확정된 매치가 없어요.",
  "watch.featured_soon": "추천 게임이 진행 중이에요. TV에서 볼 수 있어요.",
  "watch.tv": "TV로 보기",
  "watch.tv_title": "TV: 추천 게임",
  "watch.tv_waiting": "지금은 레이팅 매치가 없어요. 다음 매치가 시작되면 여기에 나와요.",
  "watch.live": "진행 중인 게임",
  "watch.none": "지금 진행 중인 공개 게임이 없어요.",
  "watch.rated_name": "{name} ({rating})",
  "watch.provisional_rating": "{rating}?",
  "watch.hand": "{n}판",
  "watch.to": "{n}점까지",
  "watch.rated": "레이팅",
  "lobby.seek_busy": "서버가 너무 바빠서 기다리게 할 수 없어요. 잠시 뒤에 다시 해 보세요.",
  "lobby.no_show": "상대가 들어오지 않아서 그 게임은 취소됐어요. 같은 설정으로 다른 상대를 찾고 있어요.",
  "lobby.title": "진 러미와 솔리테어",
  "lobby.lead": "게임을 골라 바로 시작하세요. 처음 해 보는 게임이라면 규칙과 요령, 직접 해 보는 예시를 먼저 보세요.",
  "lobby.learn_all": "게임 배우기",
  "lobby.name": "내 이름",
  "lobby.solitaire": "솔리테어",
  "lobby.reflechi1": "Réfléchi, 1장 뽑기",
  "lobby.reflechi3": "Réfléchi, 3장 뽑기",
  "lobby.deal_code": "배치 코드 (선택)",
  "lobby.room_code": "방 코드나 링크",
  "lobby.code_empty": "먼저 방 코드를 입력하거나 링크를 붙여 넣으세요.",
  "lobby.play_bot.easy": "쉬움 봇과 하기",
  "lobby.play_bot.normal": "보통 봇과 하기",
  "lobby.play_bot.hard": "어려움 봇과 하기",
  "lobby.play_bot.expert": "전문가 봇과 하기",
  "lobby.bot_text.easy": "짝을 남기고 높은 카드를 버리며, 거의 다 됐을 때만 노크해요.",
  "lobby.bot_text.normal": "도움이 되는 버린 카드를 가져가고, 노크할 수 있으면 바로 해요.",
  "lobby.bot_text.hard": "보이지 않는 카드를 따져 보고, 내가 원하는 카드는 내주지 않아요.",
  "lobby.bot_text.expert": "내가 가져간 카드와 넘긴 카드로 내 손패를 읽어요.",
  "lobby.friend": "친구와 하기",
  "lobby.friend_text": "나만의 방: 초대 링크를 친구에게 보내세요.",
  "lobby.daily": "오늘의 게임",
  "lobby.daily_text": "보통 봇과 해요. 오늘은 모두가 같은 카드를 받아요.",
  "lobby.sol_text.eh": "카드 두 벌, 9개의 열, 한 번에 한 장.",
  "lobby.sol_text.tf1": "모든 카드가 앞면이고, 뽑기 더미는 한 장씩 뒤집어요.",
  "lobby.sol_text.tf3": "모든 카드가 앞면이고, 뽑기 더미는 세 장씩 뒤집어요.",
  "lobby.todays_deal": "오늘의 배치",
  "lobby.new_deal": "새 배치",
  "lobby.todays_deal_of": "{game} 오늘의 배치",
  "lobby.new_deal_of": "{game} 새 배치",
  "lobby.learn": "배우기",
  "lobby.learn_game": "{game} 배우기",
  "lobby.learn_text": "규칙, 요령, 역사, 질문, 직접 해 보는 예시.",
  "lobby.more": "더 많은 옵션",
  "lobby.match_options": "진 러미 매치",
  "lobby.match_to": "목표 점수",
  "lobby.public": "공개: 누구나 아래 목록에서 관전하거나 참가할 수 있어요",
  "lobby.rated": "레이팅: 다른 사람과 한 매치가 두 사람의 레이팅에 반영돼요",
  "lobby.watch_bots": "봇끼리의 대결 관전",
  "lobby.first_bot": "첫 번째 봇",
  "lobby.second_bot": "두 번째 봇",
  "lobby.open_hands": "양쪽 손패 보기",
  "lobby.watch_start": "관전하기",
  "lobby.by_code": "코드로 솔리테어 배치 열기",
  "lobby.play": "시작",
  "lobby.have_code": "방 코드나 링크가 있나요?",
  "lobby.open": "열기",
  "lobby.rooms": "공개 방",
  "lobby.replays": "다시 보기",
  "lobby.loading": "불러오는 중…",
  "lobby.no_rooms": "지금은 공개 방이 없어요. 하나 만들어 보세요!",
  "lobby.no_replays": "아직 끝난 게임이 없어요.",
  "lobby.replays_unavailable": "다시 보기를 불러올 수 없어요.",
  "lobby.open_seat": "빈자리",
  "lobby.player": "플레이어",
  "lobby.solo_row": "{game}: {who}",
  "lobby.vs": "{a} 대 {b}",
  "lobby.row_info": "{status} · {scores} · {spectators}",
  "lobby.status.waiting": "대기 중",
  "lobby.status.playing": "진행 중",
  "lobby.status.finished": "끝남",
  "lobby.join": "참가",
  "lobby.watch": "관전",
  "lobby.replay": "다시 보기",
  "lobby.replay_solo": "{code}: {name}",
  "lobby.replay_won": "승리, {moves} 만에 {score}점",
  "lobby.replay_lost": "이기지 못함, {moves} 동안 {score}점",
  "lobby.winner": "{name} 승리",
  "lobby.no_winner": "승자 없음",
  "lobby.replay_info": "{winner} {scores} · {when}",

  "settings.title": "설정",
  "settings.language": "언어",
  "settings.interactiveRules": "규칙 안내",
  "settings.interactiveRules.help": "솔리테어에서 수가 거부되면 어떤 규칙 때문인지 알려 줘요.",
  "settings.doubleTap": "더블 클릭",
  "settings.doubleTap.help": "카드를 빠르게 두 번 누르면 배치 영역에서 놓을 자리를 찾아요. 가장 긴 열을 먼저 보고, 킹이면 그다음 빈 열을 찾아요. 끄면 한 번 누를 때 기초 더미만 찾아요.",
  "settings.fourColour": "4색 무늬",
  "settings.fourColour.help": "다이아몬드는 파란색, 클럽은 초록색으로 그려서 네 무늬가 헷갈리지 않아요.",
  "settings.cardSize": "카드 크기",
  "settings.cardSize.small": "작게",
  "settings.cardSize.medium": "보통",
  "settings.cardSize.large": "크게",
  "settings.animations": "애니메이션",
  "settings.animations.help": "카드가 움직일 때 새 자리로 부드럽게 미끄러져 가요. 시스템에서 동작 줄이기를 켜 두면 늘 꺼져요.",
  "settings.sound": "소리",
  "settings.sound.help": "카드를 놓을 때, 노크할 때, 수가 거부될 때, 이겼을 때 작은 소리가 나요.",
  "settings.mutePhrases": "상대의 한마디 숨기기",
  "settings.mutePhrases.help": "상대가 테이블에서 보내는 한마디(“행운을 빌어요!”, “한 판 더 할래요?”)가 보이지 않아요.",
  "settings.close": "완료",

  "learn.title": "게임 배우기",
  "learn.intro": "게임마다 규칙, 요령, 짧은 역사, 자주 묻는 질문, 그리고 직접 해 볼 수 있는 예시가 있어요.",
  "learn.crumbs": "현재 위치",
  "learn.pages": "이 게임에 관한 페이지",
  "learn.heading": "{game}: {page}",
  "learn.page.rules": "규칙",
  "learn.page.tips": "요령",
  "learn.page.history": "역사",
  "learn.page.faq": "자주 묻는 질문",
  "learn.page.examples": "예시",
  "learn.play": "지금 하기",
  "learn.loading": "불러오는 중…",
  "learn.unavailable": "지금은 예시를 불러올 수 없어요.",
  "learn.reset": "처음부터",
  "learn.allowed": "허용되는 수예요. 그대로 진행했어요.",
  "learn.opponent": "상대",
  "learn.again": "다시 해 보기",
  "learn.hand_over": "판이 끝났어요. 다시 해 보거나 위의 버튼으로 처음부터 시작하세요.",
  "learn.full_page": "새 탭에서 열기",
  "learn.close": "닫기",
  "refusal.gin_rummy.bad_action": "진 러미에서 할 수 없는 동작이에요.",
  "refusal.gin_rummy.not_a_seat": "자리에 앉은 두 플레이어만 둘 수 있어요.",
  "refusal.gin_rummy.not_your_turn": "내 차례가 아니에요.",
  "refusal.gin_rummy.upcard_offer": "첫 차례는 펴진 카드로 시작해요. 펴진 카드를 가져가거나 넘기세요.",
  "refusal.gin_rummy.not_upcard_offer": "펴진 카드를 가져가거나 넘기는 건 첫 차례에만 할 수 있어요.",
  "refusal.gin_rummy.must_draw_stock": "두 사람 모두 펴진 카드를 넘겼으니, 딜러가 아닌 사람이 더미에서 한 장 가져오며 시작해요.",
  "refusal.gin_rummy.already_drew": "이번 차례에는 이미 카드를 가져왔어요. 카드를 버리거나 노크하세요.",
  "refusal.gin_rummy.must_draw_first": "버리기 전에 더미나 버린 카드 더미에서 카드를 한 장 가져오세요.",
  "refusal.gin_rummy.must_draw_before_knock": "노크하기 전에 더미나 버린 카드 더미에서 카드를 한 장 가져오세요.",
  "refusal.gin_rummy.card_not_in_hand": "그 카드는 내 손패에 없어요.",
  "refusal.gin_rummy.discard_just_taken": "버린 카드 더미에서 방금 가져온 카드는 같은 차례에 버릴 수 없어요.",
  "refusal.gin_rummy.knock_too_high": "카드를 버린 뒤 남은 카드 점수가 10점 이하일 때만 노크할 수 있어요.",
  "refusal.gin_rummy.hand_in_play": "아직 판이 진행 중이에요.",
  "refusal.gin_rummy.hand_over": "판이 끝났어요. 계속하려면 다음 판을 시작하세요.",
  "refusal.gin_rummy.match_over": "매치가 끝났어요.",
  "refusal.solitaire.bad_action": "솔리테어에서 할 수 없는 동작이에요.",
  "refusal.solitaire.bad_pile": "그런 더미는 없어요.",
  "refusal.solitaire.empty_pile": "그곳에는 카드가 없어요.",
  "refusal.solitaire.face_down": "뒷면 카드는 옮길 수 없어요. 위의 카드가 치워지면 저절로 앞면이 돼요.",
  "refusal.solitaire.one_card": "열 사이에서는 한 번에 한 장만 옮길 수 있어요. 킹으로 시작하는 묶음만 빈 열로 한꺼번에 옮길 수 있어요.",
  "refusal.solitaire.not_a_run": "카드는 묶음을 이룰 때만 함께 옮길 수 있어요. 색이 번갈아 나오고, 아래 카드보다 한 단계씩 낮아야 해요.",
  "refusal.solitaire.waste_top": "버린 카드 더미에서는 맨 위 카드만 쓸 수 있어요.",
  "refusal.solitaire.empty_needs_king": "빈 열에는 킹(또는 킹으로 시작하는 묶음)만 놓을 수 있어요.",
  "refusal.solitaire.bad_build": "카드는 색이 반대이고 정확히 한 단계 높은 카드 위에 놓아야 해요.",
  "refusal.solitaire.foundation_one": "기초 더미에는 한 번에 한 장씩만 올려요.",
  "refusal.solitaire.foundation_order": "기초 더미는 자기 무늬의 카드를 에이스부터 킹까지 한 장씩 순서대로 받아요.",
  "refusal.solitaire.ace_to_empty": "에이스는 같은 무늬의 빈 기초 더미에만 놓을 수 있어요.",
  "refusal.solitaire.foundation_to_foundation": "기초 더미에서 가져온 카드는 배치 영역으로만 옮길 수 있어요.",
  "refusal.solitaire.to_waste": "버린 카드 더미나 뽑기 더미에는 카드를 놓을 수 없어요.",
  "refusal.solitaire.same_pile": "카드가 이미 그곳에 있어요.",
  "refusal.solitaire.no_foundation": "아직 이 카드를 받을 기초 더미가 없어요.",
  "refusal.solitaire.no_place": "이 카드를 놓을 곳이 없어요.",
  "refusal.solitaire.stock_empty": "뽑기 더미와 버린 카드 더미가 모두 비었어요.",
  "refusal.solitaire.nothing_to_undo": "되돌릴 동작이 없어요 (최근 100개의 동작만 되돌릴 수 있어요).",
  "refusal.solitaire.won": "이미 이긴 게임이에요. 새 게임을 시작하세요.",

  "error.bad_seek": "바로 대전은 100, 50, 25, 10점 매치와 제한 없음, 턴당 20초, 60초만 있어요.",
  "error.seat_kept": "이 자리는 짝지어진 플레이어의 자리예요.",
  "error.no_offer": "지금 대답할 다시 하기 제안이 없어요.",
  "error.no_rematch": "다시 하기 제안은 두 사람 사이에서만 해요. 봇과는 새 매치를 시작하세요.",
  "error.match_on": "다시 하기는 매치가 끝난 뒤에 제안할 수 있어요.",
  "error.bad_player": "올바른 플레이어 ID가 아니에요.",
  "error.self_friend": "자기 자신은 친구로 추가할 수 없어요.",
  "error.blocked": "이 플레이어에게는 요청을 보낼 수 없어요.",
  "error.you_block": "차단한 플레이어예요. 먼저 차단을 풀어 주세요.",
  "error.already_friends": "이미 친구예요.",
  "error.already_requested": "보낸 친구 요청이 아직 답을 기다리고 있어요.",
  "error.no_request": "기다리는 친구 요청이 더는 없어요.",
  "error.not_friends": "친구 목록에 없는 플레이어예요.",
  "error.not_blocked": "차단하지 않은 플레이어예요.",
  "error.friends_full": "친구 목록이 가득 찼어요(최대 200명).",
  "error.their_friends_full": "상대의 친구 목록이 가득 찼어요.",
  "error.too_many_requests": "답을 기다리는 친구 요청이 20개예요. 답이 좀 온 뒤에 다시 보내 주세요.",
  "error.their_requests_full": "상대에게 쌓인 친구 요청이 너무 많아요. 나중에 다시 해 보세요.",
  "error.blocks_full": "이미 200명을 차단했어요. 더는 차단할 수 없어요.",
  "error.requests_per_hour": "이번 한 시간 동안 친구 요청을 많이 보냈어요. 조금 뒤에 다시 해 보세요.",
  "error.too_many_seeks": "같은 네트워크에서 이미 여러 사람이 상대를 찾고 있어요. 잠시 뒤에 다시 해 보세요.",
  "error.bad_frame": "서버가 이 페이지에서 보낸 메시지를 읽지 못했어요.",
  "error.unknown_type": "서버가 모르는 요청이에요.",
  "error.bad_field": "요청에 빠졌거나 잘못된 항목이 있었어요.",
  "error.hello_first": "아직 연결하는 중이에요. 다시 해 보세요.",
  "error.version": "페이지가 오래됐어요. 새로 고침하세요.",
  "error.no_room": "그런 방이 없어요 (코드나 링크를 확인하세요).",
  "error.not_joined": "그 방에 들어가 있지 않아요.",
  "error.not_solitaire": "힌트는 솔리테어에서만 쓸 수 있어요.",
  "error.busy": "서버가 아직 처리하는 중이에요. 잠시 후 다시 해 보세요.",
  "error.spectator": "관전자는 보기만 할 수 있어요. 자리에 앉은 플레이어만 둘 수 있어요.",
  "error.bad_token": "이 방의 자리 토큰이 아니에요.",
  "error.room_full": "자리가 모두 찼어요. 대신 관전할 수 있어요.",
  "error.seat_taken": "그 자리에는 이미 누가 앉아 있어요.",
  "error.bad_seat": "이 방에는 그런 자리가 없어요.",
  "error.bad_room": "그 게임 옵션은 쓸 수 없어요.",
  "error.too_many_rooms": "한 연결에서 만들 수 있는 방의 수에는 한도가 있어요.",
  "error.waiting": "자리가 모두 차면 게임이 시작돼요.",
  "phrase.hello": "안녕하세요!",
  "phrase.good_luck": "행운을 빌어요!",
  "phrase.have_fun": "재밌게 해요!",
  "phrase.nice_move": "오, 좋은 수네요!",
  "phrase.nice_hand": "패가 좋네요!",
  "phrase.well_played": "잘하셨어요!",
  "phrase.thanks": "고마워요!",
  "phrase.sorry": "미안해요!",
  "phrase.oops": "앗, 실수!",
  "phrase.wow": "와!",
  "phrase.close_one": "아슬아슬했어요!",
  "phrase.thinking": "잠깐 생각 좀 할게요…",
  "phrase.no_rush": "천천히 하세요.",
  "phrase.be_right_back": "금방 올게요.",
  "phrase.back": "다시 왔어요!",
  "phrase.lucky": "운이 좋았네요!",
  "phrase.unlucky": "아이고, 운이 없었네요.",
  "phrase.good_game": "좋은 게임이었어요!",
  "phrase.one_more": "한 판 더 할래요?",
  "phrase.have_to_go": "미안해요, 이제 가 봐야 해요.",
  "phrase.button": "한마디",
  "phrase.menu": "테이블에 한마디 하기",
  "error.bad_phrase": "테이블에서 쓸 수 있는 한마디가 아니에요.",
  "error.phrase_too_soon": "한마디는 2초에 한 번 보낼 수 있어요. 잠깐만 기다려 주세요.",
  "error.phrase_limit": "한마디는 한 매치에 30번까지 보낼 수 있어요.",
  "error.no_phrases": "한마디는 두 사람이 하는 진 러미 테이블에서만 할 수 있어요.",
  "error.room_finished": "이 게임은 끝났어요.",
  "error.bad_deal": "그 배치 코드나 번호에 해당하는 배치가 없어요.",
  "error.flood": "메시지를 한꺼번에 너무 많이 보내서 연결이 끊겼어요.",
  "error.internal": "서버에 문제가 생겼어요. 아무것도 바뀌지 않았어요.",
  "error.offline": "연결이 끊겼어요. 다시 해 보세요.",
  "error.reconnecting": "다시 연결하는 중이에요. 잠시 후 다시 해 보세요.",
  "error.no_replay": "그 id로 끝난 게임이 없어요.",
  "error.in_progress": "진행 중인 게임은 아직 다시 볼 수 없어요.",
  "error.hand_in_play": "진행 중인 판은 복기할 수 없어요. 판이 끝나면 다시 눌러 주세요.",
  "error.daily_not_over": "그날의 배치와 코드, 다시 보기는 그날이 끝나면(UTC) 공개돼요.",
  "error.no_example": "그런 이름의 예시가 없어요.",
  "error.too_large": "요청이 너무 커요.",
  "error.bad_name": "그 이름은 쓸 수 없어요. 1~24자이고 글자, 숫자, 기호가 하나 이상 있어야 하며 빈칸처럼 보이는 문자는 안 돼요.",
  "error.id_reused": "이미 다른 수에 쓰인 요청이에요. 다시 해 보세요.",
  "error.bad_request_id": "요청 형식이 잘못돼서 게임을 만들지 못했어요. 페이지를 새로 고친 뒤 다시 해 보세요.",
  "error.request_reused": "같은 요청으로 다른 설정의 게임을 이미 만들었어요. 다시 해 보세요.",
  "error.reloaded": "서버가 이 게임의 마지막 수 몇 개를 잃어버렸어요. 테이블은 마지막으로 저장된 모습으로 돌아갔어요. 여기서부터 이어서 하세요.",
  "error.unavailable": "지금은 게임 저장소에 연결할 수 없어요. 아무것도 바뀌지 않았으니 잠시 후 다시 해 보세요.",
  "nav.boards": "순위표",
  "nav.profile": "프로필",
  "nav.friends": "친구",
  "friends.add": "{name}에게 친구 신청",
  "friends.accept_from": "{name}의 친구 신청 수락",
  "friends.request_sent": "친구 신청을 보냈어요. {name}이 친구 페이지에서 확인할 수 있어요.",
  "friends.are_friends": "{name}과 친구예요.",
  "friends.title": "친구",
  "friends.link": "내 친구 링크: 이 링크를 연 사람이 나에게 친구 요청을 보내요",
  "friends.copy": "복사",
  "friends.copied": "복사했어요.",
  "friends.hide": "접속 상태 숨기기 (친구에게 오프라인으로 보여요)",
  "friends.incoming": "나에게 온 친구 요청",
  "friends.outgoing": "답을 기다리는 요청",
  "friends.list": "내 친구",
  "friends.blocked": "차단한 플레이어",
  "friends.none": "아직 친구가 없어요. 친구 링크를 보내 보세요.",
  "friends.none_incoming": "받은 요청이 없어요.",
  "friends.none_outgoing": "기다리는 요청이 없어요.",
  "friends.none_blocked": "차단한 플레이어가 없어요.",
  "friends.accept": "수락",
  "friends.decline": "거절",
  "friends.withdraw": "요청 취소",
  "friends.remove": "친구 삭제",
  "friends.block": "차단",
  "friends.unblock": "차단 해제",
  "friends.watch": "관전하기",
  "friends.status.online": "접속 중",
  "friends.status.playing": "게임 중",
  "friends.status.offline": "오프라인",
  "friends.no_player": "친구 기능은 플레이어가 있어야 써요. 먼저 로비에서 새 플레이어로 시작하세요.",
  "challenge.button": "도전",
  "challenge.title": "{name}에게 도전",
  "challenge.send": "도전장 보내기",
  "challenge.cancel": "취소",
  "challenge.rated": "랭크전: 두 사람의 레이팅이 바뀌어요",
  "challenge.public": "공개: 누구나 관전할 수 있어요",
  "challenge.kind_rated": "랭크전",
  "challenge.kind_casual": "친선전",
  "challenge.region": "도전",
  "challenge.from": "{name}이 도전장을 보냈어요",
  "challenge.waiting": "{name}의 답을 기다리는 중",
  "challenge.accept": "받기",
  "challenge.decline": "거절",
  "challenge.withdraw": "도전 취소",
  "challenge.accepted_elsewhere": "다른 기기에서 이 도전을 받았어요.",
  "challenge.go": "테이블로 가기",
  "challenge.state.accepted": "{name}이 도전을 받았어요. 테이블로 가요!",
  "challenge.state.declined": "{name}이 도전을 거절했어요.",
  "challenge.state.withdrawn": "도전이 취소됐어요.",
  "challenge.state.left": "보낸 사람이 나가서 도전이 끝났어요.",
  "challenge.state.expired": "1분 동안 답이 없어서 도전이 끝났어요.",
  "error.self_challenge": "자기 자신에게는 도전할 수 없어요.",
  "error.bad_challenge": "그런 경기 설정은 없어요.",
  "error.no_challenge": "그 도전은 없거나 이미 끝났어요.",
  "error.challenge_open": "보낸 도전이 아직 답을 기다리고 있어요. 먼저 취소하세요.",
  "error.their_challenges_full": "이 친구에게 지금 기다리는 도전이 너무 많아요.",
  "error.challenge_taken": "이 도전은 다른 기기에서 이미 받았어요.",
  "error.challenge_expired": "늦었어요. 1분이 지나 도전이 끝났어요.",
  "error.challenge_ended": "거절되었거나 취소된 도전이에요.",
  "error.challenger_seeking": "친구가 지금 다른 상대를 찾고 있어요.",
  "error.you_are_seeking": "지금 빠른 대전 상대를 찾고 있어요. 찾기를 멈춘 뒤에 수락해 주세요.",
  "error.challenger_playing": "친구가 지금 게임 중이에요.",
  "error.challenger_in_challenge": "친구가 방금 다른 도전을 받아 테이블로 갔어요.",
  "error.in_challenge": "방금 다른 도전을 받았어요.",
  "error.pair_limit": "오늘 두 사람은 랭크전을 세 판 했어요. 이번에는 친선전으로 하세요.",
  "error.same_network": "랭크전은 서로 다른 네트워크에서만 할 수 있어요. 친선전으로 해 보세요.",
  "player.title": "플레이어",
  "player.loading": "불러오는 중…",
  "player.since": "{date}부터 플레이",
  "player.today": "오늘의 순위",
  "player.rank": "{total}명 중 {rank}위",
  "player.no_ranks": "오늘은 아직 순위에 든 게임이 없어요.",
  "player.rating": "진 러미 레이팅",
  "player.rating_value": "레이팅 {rating} (± {rd})",
  "player.rating_provisional": "레이팅 {rating}? (± {rd}), 임시",
  "player.provisional_note": "새 레이팅은 충분히 확실해지고 서로 다른 세 네트워크의 플레이어와 겨뤄 볼 때까지 임시예요. 그동안 레이팅 매치마다 움직이지만, 확정된 플레이어가 이겨도 레이팅을 얻지 못하고, 레이팅 순위표에도 오르지 않아요.",
  "player.unrated": "아직 레이팅 매치가 없어요. 레이팅 방에서 친구와 겨뤄 보세요.",
  "player.rating_chart": "레이팅 매치를 할 때마다 바뀐 레이팅과 그 불확실성",
  "player.shares": "이긴 게임의 비율",
  "player.solitaires": "솔리테어",
  "player.people": "사람",
  "player.col.line": "게임",
  "player.col.played": "게임 수",
  "player.col.won": "승리",
  "player.col.share": "승률",
  "player.col.streak": "연승",
  "player.col.best_streak": "최다 연승",
  "player.col.best_score": "최고 점수",
  "player.col.mean_score": "평균 점수",
  "player.col.fastest_moves": "가장 적은 수로 승리",
  "player.col.fastest_time": "최단 시간 승리",
  "player.col.opponent": "상대",
  "player.col.matches": "매치",
  "player.col.matches_won": "이긴 매치",
  "player.col.hands": "판",
  "player.col.hands_won": "이긴 판",
  "player.col.gins": "진",
  "player.col.knocks": "노크",
  "player.col.undercuts_given": "언더컷 성공",
  "player.col.undercuts_suffered": "언더컷 당함",
  "player.col.mean_points": "판당 점수",
  "player.games": "최근 게임",
  "player.won": "승리",
  "player.lost": "패배",
  "player.score": "점수 {points}",
  "player.replay": "다시 보기",
  "player.none": "아직 끝난 게임이 없어요.",
  "player.you": "내 플레이어",
  "player.device": "다른 기기에서 사용",
  "player.device_warning": "이 링크를 여는 사람은 누구나 나로 플레이하게 돼요. 내 기기에서만 열고 아무에게도 보여 주지 마세요.",
  "player.device_qr": "링크의 QR 코드: 다른 기기로 스캔하세요",
  "player.copy": "링크 복사",
  "player.copied": "링크를 복사했어요.",
  "player.reset": "새 비밀 키 만들기",
  "player.reset_confirm": "새 비밀 키를 만들까요? 나로 로그인한 다른 기기와 지금까지 만든 링크가 모두 더는 작동하지 않아요.",
  "player.reset_done": "새 비밀 키를 쓰고 있어요. 예전 링크와 다른 기기로는 더 이상 로그인되지 않아요.",
  "player.sign_out": "로그아웃",
  "player.sign_out_confirm": "이 기기에서 로그아웃할까요? 다른 기기에서 만든 링크가 없으면 이 플레이어로 다시 돌아올 수 없어요.",
  "player.signed_out": "이 기기에서는 플레이어로 로그인되어 있지 않아요.",
  "player.signed_out_reset": "다른 기기에서 플레이어의 비밀 키를 바꿔서 이 기기는 로그아웃됐어요. 새 기기 링크를 열어 다시 로그인하거나 새 플레이어로 시작하세요.",
  "player.unrated.aborted": "(레이팅 없음: 두 사람이 모두 두기 전에 중단됨)",
  "player.unrated.no_hand": "(레이팅 없음: 끝난 판이 없음)",
  "player.unrated.same_address": "(레이팅 없음: 두 플레이어가 이번 달에 같은 네트워크를 씀)",
  "player.unrated.provisional_opponent": "(레이팅 변화 없음: 상대 레이팅이 아직 임시)",
  "player.unrated.pair_limit": "(레이팅 없음: 오늘 이 상대와 레이팅 매치 세 번 초과)",
  "player.new": "새 플레이어로 시작",
  "player.too_many": "이 네트워크에서 한 시간 동안 만들 수 있는 새 플레이어를 모두 만들어서, 서버가 이 기기에는 플레이어를 만들지 않았어요. 늦어도 한 시간 뒤에 다시 해 보세요. 그동안 봇과의 대전과 솔리테어는 플레이어 없이도 할 수 있어요. 빠른 매칭과 레이팅에는 플레이어가 필요해요.",
  "player.too_many_for": {
    other: "이 네트워크에서 한 시간 동안 만들 수 있는 새 플레이어를 모두 만들어서, 서버가 이 기기에는 플레이어를 만들지 않았어요. {n}분쯤 뒤에 다시 해 보세요. 그동안 봇과의 대전과 솔리테어는 플레이어 없이도 할 수 있어요. 빠른 매칭과 레이팅에는 플레이어가 필요해요.",
  },
  "player.link_refused": "이 기기 링크는 이제 쓸 수 없어요. 링크를 만든 뒤에 플레이어의 비밀 키가 바뀌었거나, 링크가 중간에 잘렸어요. 로그인되어 있는 기기에서 프로필을 열고 새 링크를 받아 오세요.",
  "line.gin_rummy": "진 러미",
  "line.easy_harp": "Easy Harp",
  "line.reflechi_draw1": "Réfléchi, 1장 뽑기",
  "line.reflechi_draw3": "Réfléchi, 3장 뽑기",
  "board.title": "순위표",
  "board.ratings": "레이팅",
  "board.ratings_text": "레이팅이 충분히 확실한(불확실성 {rd} 미만) 확정 플레이어예요. 임시 레이팅은 나오지 않아요.",
  "board.col.rank": "순위",
  "board.col.name": "플레이어",
  "board.col.result": "결과",
  "board.col.margin": "점수 차",
  "board.col.hands": "판",
  "board.col.score": "점수",
  "board.col.moves": "수",
  "board.col.time": "시간",
  "board.col.replay": "다시 보기",
  "board.col.rating": "레이팅",
  "board.col.games": "매치",
  "board.empty": "아직 순위에 든 사람이 없어요.",
  "board.previous": "전날",
  "board.next": "다음 날",
  "board.you": "내 순위: {total}명 중 {rank}위",
  "board.replays_later": "플레이어마다 그날의 첫 도전만 순위에 들어요. 다시 보기는 그날이 끝나면(UTC) 열려요.",
  "board.left": "기권",
  "board.rules.gin_rummy": "순위: 끝까지 둔 매치(승리·패배)가 먼저이고, 기권은 그 아래예요(떠난 사람은 매치를 져요). 오늘 처음 온 플레이어는 먼저 아무 게임이나 하나 끝내야 순위에 들어요.",
  "board.rules.solitaire": "순위: 첫 도전만 들어가요. 시간은 자리에 앉은 때부터 재고 힌트는 없어요. 그 도전이 끝날 때까지 같은 배치로 연습할 수 없어요. 오늘 처음 온 플레이어는 먼저 아무 게임이나 하나 끝내야 순위에 들어요.",
  "error.player_not_found": "그 id의 플레이어가 없어요.",
  "error.no_board": "그런 순위표는 없어요.",
  "error.bad_date": "그 날짜는 올바른 날이 아니에요(YYYY-MM-DD).",
  "error.bad_secret": "이 기기의 플레이어 키가 손상됐어요. 새 플레이어로 시작하거나 링크를 다시 여세요.",
  "error.unknown_player": "이 플레이어 키는 더 이상 쓸 수 없어요(재설정됐거나 만료됐어요). 새 플레이어로 시작하세요.",
  "error.no_player": "바로 대전하려면 플레이어가 있어야 해요. 페이지를 새로 고치면 만들어져요.",
  "error.too_many_players": "같은 네트워크에서 새 플레이어가 너무 많이 만들어졌어요. 나중에 다시 해 보세요.",
  "error.bad_settings": "설정이 너무 커서 플레이어와 함께 저장할 수 없어요.",
  "error.signed_out": "플레이어의 비밀 키가 바뀌어서 이 기기는 로그아웃됐어요. 새 기기 링크로 다시 로그인하세요.",
  "error.ranked_unfinished": "오늘의 배치 순위 도전이 아직 끝나지 않았어요. 먼저 끝내 주세요(떠난 게임은 저절로 끝나요). 연습은 그다음에 할 수 있어요.",
  "error.ranked_no_help": "오늘의 배치 순위 도전에서는 힌트를 쓸 수 없어요. 순위는 스스로 찾은 수로 매겨요. 연습 게임에서는 쓸 수 있어요.",

  // ---- 배우기 페이지 -----------------------------------------------------------------------
  "learn.gin-rummy.summary": "두 사람이 카드를 가져오고 버리며, 열 장을 누가 먼저 묶음으로 정리하는지 겨뤄요.",
  "learn.gin-rummy.rules": `
## 목표
두 사람이 52장짜리 카드 한 벌로 해요. 상대보다 먼저 손패를 묶음으로 정리하고, 상대가 아직 높은 카드를 들고 있을 때 판을 끝내는 게 목표예요.

## 카드 나누기
각자 10장씩 받아요. 그다음 카드 한 장을 앞면으로 펴서 버린 카드 더미를 시작하는데, 이 카드를 펴진 카드라고 해요. 나머지는 뒷면으로 쌓아 더미가 돼요. 점수가 난 판이 끝날 때마다 딜러가 바뀌어요.

## 묶음
- **세트**는 같은 숫자 카드 3~4장이에요. 예: [7S] [7D] [7C].
- **런**은 같은 무늬의 연속한 카드 3장 이상이에요. 예: [4H] [5H] [6H].
- 에이스는 낮은 카드예요. [AS] [2S] [3S]은 런이지만 [QS] [KS] [AS]는 런이 아니에요.
- 카드 한 장은 묶음 하나에만 들어가요.

묶음은 게임이 알아서 찾아 주고, 묶음에 든 카드 아래에 색깔 막대로 보여 줘요. 어떤 카드가 세트에도 런에도 들어갈 수 있으면, 남은 카드 점수가 가장 적어지는 쪽을 골라요.

## 남은 카드
어떤 묶음에도 들지 않은 카드가 남은 카드예요. 에이스는 1점, 2부터 10까지는 숫자만큼, 잭·퀸·킹은 10점이에요. 내 남은 카드 점수는 늘 손패 옆에 나와요.

## 한 차례
- 카드 한 장을 가져와요. 더미 맨 위 카드나 버린 카드 더미 맨 위 카드 중 하나예요.
- 그다음 손패에서 카드 한 장을 골라 버려요.
- 버린 카드 더미에서 방금 가져온 카드는 같은 차례에 버릴 수 없어요.

## 첫 차례
딜러가 아닌 사람이 먼저 펴진 카드를 가져가거나 넘길 수 있어요. 넘기면 딜러가 같은 선택을 해요. 둘 다 넘기면 딜러가 아닌 사람이 더미에서 한 장 가져오며 시작해요.

## 노크와 진
카드를 가져온 뒤, 어떤 카드를 버렸을 때 남은 카드 점수가 10점 이하가 된다면 그 카드를 골라 그냥 버리는 대신 **노크**할 수 있어요. 노크하면 판이 끝나요. 남은 카드가 하나도 없으면 **진**이에요. 노크는 꼭 하지 않아도 돼요. 더 낮은 점수나 진을 노리고 계속해도 괜찮아요.

## 붙이기
노크한 뒤에는(진일 때는 빼고) 수비하는 쪽의 낱장 카드를 노크한 쪽의 묶음에 붙여요. 런은 카드가 이어지는 만큼 양쪽 끝으로 길어지고, 세 장짜리 세트는 네 번째 카드를 받아요. 이 일은 게임이 수비하는 쪽 대신 해 주는데, 남은 카드가 가장 적어지는 방법을 골라요. 노크한 쪽은 카드를 붙이지 않아요.

## 한 판의 점수
| 결과 | 점수를 얻는 사람 | 점수 |
|---|---|---|
| 노크, 노크한 쪽의 남은 카드가 더 적음 | 노크한 쪽 | 그 차이 |
| 노크, 수비하는 쪽이 같거나 더 적음: 언더컷 | 수비하는 쪽 | 25 + 그 차이 |
| 진 | 노크한 쪽 | 25 + 수비하는 쪽의 남은 카드 |
| 무승부 | 없음 | 0 |

## 무승부와 게임의 끝
노크하지 않고 카드를 버렸는데 더미에 카드가 두 장만 남으면 그 판은 무승부예요. 아무도 점수를 얻지 못하고 같은 딜러가 다시 나눠요. 쉰 번째 카드를 가져온 사람은 그래도 노크하거나 진을 할 수 있어요. 한 사람이 100점에 닿을 때까지 판을 이어 가고, 다른 보너스는 없어요.

## 여기서 하는 방법
- 카드를 누르면 골라지고, 다시 누르면 풀려요. 카드를 끌어서 손패 안에서 자리를 옮길 수 있어요.
- **정렬**은 묶음을 앞에, 나머지를 숫자순으로 놓아요. **버린 카드 전체**는 버린 카드 더미의 카드를 모두 보여 줘요.
- **버리기**와 **노크**는 고른 카드로 해요. 노크 버튼에는 노크했을 때 남을 카드 점수가 나와요.
- 규칙에 맞지 않는 수는 거부되고, 테이블에 어떤 규칙 때문인지 나와요.
- 키보드: Tab으로 모든 버튼에 갈 수 있어요. 카드 위에서 Enter는 고르기, 왼쪽·오른쪽 화살표는 옆 카드로 가기, Shift와 화살표는 손패 안에서 카드 옮기기, D는 버리기, K는 그 카드로 노크예요.
- 방의 링크가 곧 초대장이에요. 친구에게 보내세요. 연결이 끊겨도 다시 내 자리로 돌아와요.
- **오늘의 게임**은 보통 봇과 하고, 그날은 모두가 같은 카드를 받아요.
`,
  "learn.gin-rummy.tips": `
## 카드 가져오기
- 버린 카드는 묶음이 되거나 거의 될 때만 가져오고, 아니면 더미에서 가져오세요. 버린 카드 더미에서 가져간 카드는 상대도 봐요.
- 짝이나 거의 이어진 카드, 예를 들어 [5H]와 [7H] 카드는 들고 있으세요. 여러 카드가 그걸 묶음으로 만들어 줄 수 있어요.

## 카드 버리기
- 묶음에 들지 않은 높은 카드는 일찍 버리세요. 상대가 노크할 때 손에 남은 킹은 10점이에요.
- 상대가 무엇을 가져가고 무엇을 넘기는지 보세요. 상대가 모으는 카드가 보여요. 그런 카드는 내주지 마세요.

## 노크하기
- 할 수 있으면 일찍 노크하세요. 몇 점으로 빨리 하는 노크가 진을 기다리는 것보다 나을 때가 많아요.
- 판 후반에 8, 9, 10점으로 노크하기 전에는 한 번 더 생각하세요. 상대가 거의 다 됐을 수 있고, 언더컷을 당하면 상대가 25점을 얻어요.
- 노크하기 전에 내 런을 보세요. 그 양 끝에 수비하는 쪽이 카드를 붙여요.

## 봇
- 쉬움 봇은 짝을 남기고 높은 카드를 버리며, 거의 다 됐을 때만 노크해요.
- 보통 봇은 쓸모 있는 버린 카드라면 가져가고, 내가 가져간 카드를 기억해 두며, 노크할 수 있게 되면 미루지 않아요.
- 어려움 봇은 보이지 않는 카드 가운데 무엇이 도움이 될지 따지고, 내가 원하는 카드는 내주지 않으며, 노크할 때를 골라요.
- 전문가 봇은 내가 가져간 카드와 넘긴 카드로 내 손패를 그려 보고, 버리기와 노크 하나하나를 그에 비추어 판단해요. 봇은 언제나 그 자리의 플레이어가 볼 수 있는 것만 봐요.
`,
  "learn.gin-rummy.history": `
## 둘이서 하는 러미
진 러미는 러미 가족에 속해요. 러미는 카드를 세트와 런으로 모으는 카드 게임으로, 세계 곳곳에서 여러 형태로 즐겨요. 그중 진은 두 사람이 하는 형태로, 20세기 초 미국에서 크게 유행했어요.

## 여기서 쓰는 규칙
진은 곳마다 조금씩 다른 규칙으로 해요. 여기서는 에이스가 언제나 낮은 카드이고, 남은 카드가 10점 이하일 때 노크할 수 있어요. 진과 언더컷은 각각 25점이고, 게임은 100점까지 하며, 게임 보너스나 라인 보너스 같은 추가 점수는 없어요.
`,
  "learn.gin-rummy.faq": `
## 남은 카드 점수가 뭔가요?
묶음에 들지 못한 카드들의 점수를 합친 거예요. 낮을수록 좋아요.

## 노크할 수 있으면 꼭 해야 하나요?
아니요. 더 낮은 점수나 진을 노리고 계속해도 돼요. 노크는 내가 정해요.

## 내 카드를 상대의 묶음에 직접 붙여야 하나요?
아니요. 상대가 노크하면 내 낱장 카드를 상대 묶음에 어떻게 붙여야 가장 유리한지 게임이 찾아서 결과를 보여 줘요.

## 방금 가져온 카드는 왜 버릴 수 없나요?
그게 규칙이에요. 버린 카드 더미에서 가져온 카드는 적어도 한 차례는 손에 남아 있어야 해요. 다른 카드는 버려도 돼요.

## 언더컷이 뭔가요?
노크한 뒤, 수비하는 쪽의 남은 카드 점수(카드를 붙인 뒤)가 노크한 쪽과 같거나 더 낮으면, 수비하는 쪽이 25점에 그 차이를 더해서 얻어요.

## 퀸, 킹, 에이스로 런을 만들 수 있나요?
아니요. 에이스는 낮은 카드예요. 에이스, 2, 3은 런이지만 퀸, 킹, 에이스는 런이 아니에요.

## 더미가 거의 떨어지면 어떻게 되나요?
노크 없이 카드를 버린 뒤 더미에 두 장만 남으면 그 판은 무승부예요. 아무도 점수를 얻지 못하고 같은 딜러가 다시 나눠요.

## 봇이 내 카드를 볼 수 있나요?
아니요. 봇은 그 자리의 플레이어가 보는 것만 받아요. 자기 손패와 테이블뿐이에요.

## 오늘의 게임이 뭔가요?
보통 봇과 하는 매치예요. 그날(UTC 기준) 하는 사람은 모두 판마다 같은 카드를 받아요.

## 오늘의 게임 순위는 어떻게 정하나요?
그날의 첫 도전만 순위에 들어요. 끝까지 둔 매치가 먼저이고, 이긴 매치가 진 매치보다 위, 그다음은 점수 차로 정해요. 중간에 떠나거나 시간을 너무 자주 넘긴 사람은 매치를 지고, 이렇게 기권한 도전은 끝까지 둔 어떤 매치보다도 아래예요. 아무리 크게 진 매치라도요.

## 다른 플레이어로 오늘의 카드를 미리 볼 수 있지 않나요?
그날은 모두 같은 카드로 하니까 다른 플레이어로 먼저 볼 수는 있어요. 막을 수는 없고, 그렇게 하기 번거롭게 만들 뿐이에요. 오늘 만든 플레이어는 아무 게임이나 하나 끝내야(솔리테어 승리, 또는 진 러미 한 판을 끝까지) 오늘의 순위표에 들어가요. 그 전의 첫 도전은 연습으로 쳐요.

## 언제 매치가 레이팅을 바꾸나요?
두 사람이 한 레이팅 매치는 두 사람 모두 직접 한 번 이상 두었고(그 전에 떠난 매치는 중단돼요), 한 판 이상 끝났고, 지난 30일 동안 두 플레이어가 같은 네트워크를 한 번도 쓰지 않았고(집, 카페, 휴대폰 등 어느 쪽이든 게임에 쓴 모든 네트워크), 그날(UTC) 서로 레이팅 매치를 이미 세 번 하지 않았을 때만 반영돼요.

## 레이팅 뒤의 "?"는 무슨 뜻인가요?
임시 레이팅이라는 뜻이에요. 새 플레이어는 모두 1500에서 시작하는데, 서버는 아직 진짜 신입과 일부러 지려고 만든 예비 계정을 구별할 수 없어요. 불확실성이 110 아래로 내려가고, 서로 다른 세 네트워크의 사람들과 레이팅 매치를 해 봐야 임시가 풀려요. 임시 레이팅도 첫 매치부터 레이팅 매치마다 움직여요. 확정된 레이팅은 임시 레이팅인 상대를 이겨도 오르지 않지만(게임 목록에 그렇게 표시돼요), 지면 평소처럼 내려가요. 누구도 대신 져 줄 수는 없으니까요. 임시 레이팅은 레이팅 순위표에 오르지 않아요. 몇 달 동안 쓰지 않은 레이팅은 다시 불확실해져서, 매치를 몇 번 해서 다시 자리 잡을 때까지 임시가 돼요.

## 상대와 이야기할 수 있나요?
정해진 한마디만 보낼 수 있고, 글을 직접 쓸 수는 없어요. 두 사람이 하는 매치 중에 테이블 위의 **한마디** 버튼을 누르면 "행운을 빌어요!", "오, 좋은 수네요!", "한 판 더 할래요?" 같은 말 스무 가지가 나와요. 고른 말은 플레이어와 관전자가 각자 자기 언어로 읽어요. 한마디는 2초에 한 번, 한 매치에 30번까지 보낼 수 있어요. 관전자는 공개 테이블에서만 볼 수 있고, 리플레이에도 남아요. 설정에서 **상대의 한마디 숨기기**를 켜면 상대가 보낸 한마디가 내 화면에 나오지 않아요.

## 친구는 어떻게 추가하나요?
방법은 세 가지예요. 상대의 프로필에 있는 버튼, 함께 둔 매치가 끝난 화면의 버튼, 그리고 내 친구 링크(상단의 친구 페이지에 있어요)예요. 친구 링크를 연 사람은 나에게 친구 신청을 보내게 돼요. 상대가 수락하거나 거절하기 전까지 신청은 두 사람의 친구 페이지에 남아 있어요. 친구 관계는 둘 중 누구든 언제든지 끊을 수 있어요. 친구는 200명까지, 내가 보낸 신청은 20개, 받은 신청은 100개까지 기다릴 수 있고, 한 시간에 보낼 수 있는 신청 수에도 제한이 있어요.

## 친구에게 내 상태가 어떻게 보이나요?
오프라인, 접속 중, 게임 중 가운데 하나로 보여요. 어느 기기에서 접속하든 2초 안팎이면 바뀐 상태가 반영돼요. 공개 테이블에서 두고 있으면 친구가 관전할 수 있는 링크도 함께 보이고, 비공개 테이블이면 "게임 중"이라고만 나올 뿐 어느 방인지는 절대 보이지 않아요. 내 상태를 숨기고 싶다면 친구 페이지에서 "접속 상태 숨기기"를 켜세요. 그러면 모든 친구에게 오프라인으로 보여요.

## 차단하면 어떻게 되나요?
친구 관계와 두 사람 사이의 신청이 모두 없어져요. 차단을 풀기 전까지 상대는 나에게 친구 신청도, 대전 신청도 보낼 수 없고, 내가 접속했는지도 볼 수 없어요. 빠른 매칭이나 재대결 제안으로 같은 테이블에 앉게 되는 일도 없어요.

## 친구에게 대전을 신청하려면요?
친구 페이지에서 친구 이름 옆의 대전 신청 버튼을 누르고, "더 많은 옵션"에서처럼 매치 길이, 턴 시간 제한, 레이팅 반영 여부를 고르세요. 친구가 열어 둔 모든 기기에 바로 신청이 떠서 수락하거나 거절할 수 있고, 그 답은 나에게도 보여요. 신청은 1분이 지나거나 내가 떠나면 사라져요. 내가 다른 상대를 찾는 중이거나, 다른 신청이 진행 중이거나, 테이블에 앉아 있으면 수락되지 않아요. 레이팅 대전은 다른 레이팅 매치와 같은 규칙을 따라요.
`,
  "learn.gin-rummy.examples": `
예시마다 게임 엔진이 만든 실제 상황이 나오고, 나는 아래쪽 자리에 앉아요. 버튼으로 수를 시험해 보거나 테이블에서 직접 두어 보세요. 규칙에 어긋나는 수는 그 규칙을 보여 주고, 허용되는 수는 그대로 진행돼요. **처음부터**를 누르면 처음 상황으로 돌아가요.
`,

  "learn.easy-harp.summary": "카드 두 벌, 9개의 열, 한 번에 한 장: 말 그대로 인내가 필요한 게임이에요.",
  "learn.easy-harp.rules": `
## 요약
Easy Harp는 카드 두 벌로 혼자 하는 게임이에요. 두 벌을 한데 섞으니 104장이고, 같은 카드가 두 장씩 있어요. 열에서는 색을 번갈아 가며 한 단계씩 낮은 카드를 쌓고, 한 번에 한 장씩만 옮겨요. 104장을 모두 무늬마다 두 개씩인 기초 더미 8개에 에이스부터 킹까지 올리면 이겨요.

## 초기 배치
9개의 열에 1장, 2장, … 9장까지, 모두 45장을 놓아요. 열마다 맨 끝 카드 한 장만 앞면이고, 그 밑의 36장은 뒷면이에요. 남은 59장은 뒷면으로 뽑기 더미가 돼요. 버린 카드 더미와 기초 더미 8개는 처음에 비어 있어요.

## 할 수 있는 수
- 열 위에 놓기: 카드는 색이 반대이고 정확히 한 단계 높은 앞면 카드 위에 놓아요. 빨간색은 검은색 위에, 검은색은 빨간색 위에 놓는 거예요. [7H] 카드는 [8S] 카드나 [8C] 위에 갈 수 있어요.
- 모든 카드가 두 장씩 있어서 검은색 6은 놓을 곳이 네 군데예요. [7H] 두 장과 [7D] 두 장이에요.
- 버린 카드 더미에서는 맨 위 카드만 쓸 수 있고, 열이나 그 무늬의 기초 더미로 옮겨요.
- 뒷면 카드가 드러나면 저절로 앞면이 돼요.

카드의 순서는 가장 낮은 에이스부터 킹까지예요: 에이스, 2부터 10, 잭, 퀸, 킹.

## 한 번에 한 장
Easy Harp가 클론다이크와 다른 건 바로 이 규칙이에요. 한 열에서 다른 열로는 언제나 맨 위 카드 한 장만 옮길 수 있어요. [8S] [7H] [6C]처럼 이미 쌓은 묶음은 첫 카드가 다른 곳에 맞더라도 한꺼번에 옮길 수 없어요. 아래쪽 카드부터 한 장씩 떼어 내야 해요. 그래도 한꺼번에 옮기려고 하면 거부되고, 규칙 안내 설정이 켜져 있으면(처음부터 켜져 있어요) 어떤 규칙에 걸렸는지도 알려 줘요. 예시 페이지에서 직접 해 볼 수 있어요.

## 빈 열과 킹으로 시작하는 묶음
빈 열에는 킹만 놓을 수 있어요. 한 번에 한 장 규칙의 예외도 여기에 딱 하나 있어요. 킹으로 시작해 색이 번갈아 나오며 한 단계씩 내려가는 묶음(킹부터 에이스까지 최대 13장)은 빈 열로 한꺼번에 옮길 수 있어요. 다른 곳으로는 안 돼요. 킹이 아닌 카드는 뒷면 카드를 드러내려는 경우라도 빈 열에 놓을 수 없어요.

## 기초 더미
기초 더미는 무늬마다 두 개씩 모두 8개이고, 자리마다 무늬가 정해져 있어요. 각 기초 더미는 에이스부터 킹까지 한 장씩 쌓아요. 에이스는 같은 무늬의 빈 자리에만 들어가요. 기초 더미 쪽 아무 곳에나 카드를 놓으면 그 카드를 받을 수 있는 첫 번째 자리로 가요.

## 뽑기 더미
뽑기 더미를 누를 때마다 한 장이 앞면으로 뒤집혀 버린 카드 더미 위에 놓여요. 뽑기 더미가 비었을 때 한 번 더 누르면, 버린 카드 더미가 순서 그대로 모두 뒷면으로 뽑기 더미에 돌아가요. 몇 번이든 다시 돌릴 수 있고 점수도 들지 않아요.

## 게임의 끝
104장이 모두 기초 더미에 올라가면 이겨요. 게임이 패배를 선언하지는 않아요. 쓸 만한 수가 남지 않으면 되돌리거나 새 배치를 시작하세요.

## 점수
| 수 | 점수 |
|---|---|
| 기초 더미로 올린 카드 한 장 (열이나 버린 카드 더미에서) | +10 |
| 버린 카드 더미에서 열로 옮긴 카드 한 장 | +5 |
| 뒷면 카드가 앞면으로 뒤집힘 (드러낸 수의 점수에 더해서) | +5 |
| 버린 카드 더미를 모두 뽑기 더미로 되돌리기 | 0 |
| 열끼리 옮기기 (한 장, 또는 킹 묶음) | 0 |
| 기초 더미의 카드를 다시 가져오기 | 0 |

점수는 0점에서 시작해서 늘기만 해요. 점수가 깎이는 수는 없고, 되돌리기를 하면 되돌린 동작으로 얻은 점수만 빠져요. 카드 한 장은 기초 더미에서 가져왔다가 다시 올려도 기초 더미 점수를 한 게임에 한 번만 받아요. 기초 더미에서 카드를 가져오지 않고 이기면 언제나 1 220점(104 × 10 + 36 × 5)이고, 버린 카드 더미에서 열로 옮긴 카드마다 5점이 더해져요.

## 여기서 하는 방법
- 아무것도 저절로 움직이지 않고, 게임이 알아서 끝나지도 않아요.
- 맨 위 카드를 한 번 누르면 그 카드를 받는 기초 더미로 가요. 빠르게 두 번 누르면(더블 클릭 설정, 처음부터 켜져 있어요) 기초 더미가 받지 않을 때 배치 영역에서 자리를 찾아요. 먼저 가장 긴 열을 보고, 킹이라면 빈 열도 찾아요.
- 카드를 끌어서 옮길 수도 있어요. 기초 더미 맨 위 카드를 끌어 배치 영역으로 되돌려도 되고, 그래도 점수는 그대로예요.
- **되돌리기**는 최근 100개까지의 동작을 되돌려요. 그 동작으로 얻은 점수는 빠지지만 둔 수는 줄지 않아요.
- 키보드: Space로 카드를(그 위의 카드와 함께) 집고, 다른 더미에서 Space를 누르면 내려놓아요. Enter는 한 번 누르기, Shift+Enter는 두 번 누르기, Escape는 집은 카드를 제자리에 돌려놓기예요.
- 배치마다 1부터 999 999까지의 번호가 있고, EH1-N-AAAAAAF 같은 코드로 나와요. **새 게임**에서 새 배치(무작위), 오늘의 배치(그날 모두에게 같아요), 같은 배치, 또는 원하는 코드를 고를 수 있어요.
- **힌트**는 다음 수를 알려 주고, **아직 이길 수 있나요?**는 서버에 아직 이길 수 있는지 물어봐요.
`,
  "learn.easy-harp.tips": `
## 게임 초반
- 발목을 잡는 건 뒷면 카드예요. 카드를 드러내는 수를 먼저 두세요(5점도 얻어요).
- 에이스와 2는 일찍 올리고, 높은 카드는 그 위에 쌓을 수 있는 동안 배치 영역에 두세요.
- 뽑기 더미를 넘겨서 무엇이 나올지 보세요. 점수가 들지 않아요.

## 열
- 킹이 준비됐을 때만 열을 비우세요. 빈 열은 킹 말고는 받지 않아요.
- 긴 묶음을 쌓기 전에 나중에 어떻게 풀지 생각하세요. 빈 열로 가는 킹 묶음 말고는 묶음이 한 장씩만 움직여요.
- 빈 열에 놓인 킹 묶음은 안전해요. 다시 옮길 일이 없어요.

## 두 벌의 카드
- 모든 카드에는 쌍둥이가 있어요. 7 한 장이 묻혀 있으면 다른 한 장을 찾아보세요.
- 카드 한 장이 갈 수 있는 기초 더미가 두 개일 수 있어요. 같은 무늬의 두 자리를 모두 생각하세요.

## 막혔을 때
- 되돌리기는 쓰라고 있는 거예요. 한 가지 방법을 해 보고 막히면 되돌리세요.
- **아직 이길 수 있나요?**는 지금 상황에서 아직 이길 수 있는지 알려 줘요.
`,
  "learn.easy-harp.history": `
## 두 벌로 하는 페이션스
혼자 하는 카드 게임인 페이션스는 18세기 말부터 즐겨 왔어요. 그중 가장 잘 알려진 게 클론다이크인데, 1890년대 캐나다의 골드러시에서 이름을 따온 것으로 보여요. Easy Harp도 그 가족이에요. 색을 번갈아 내려가며 쌓는 열, 뽑기 더미, 에이스부터 킹까지 올리는 기초 더미가 그 특징이에요.

## 무엇이 다른가요
Easy Harp는 카드를 두 벌로 늘리고, 배치 영역을 9개의 열로 넓히고, 빈 열로 가는 킹 묶음 말고는 묶음을 통째로 옮기지 못하게 했어요. 긴 묶음은 한 장씩 쌓고 한 장씩 풀어야 해요. 말 그대로 인내가 필요한 게임이에요.
`,
  "learn.easy-harp.faq": `
## 왜 내 묶음을 다른 열로 옮길 수 없나요?
열 사이에서는 한 번에 한 장만 옮길 수 있어요. 묶음을 통째로 옮길 수 있는 건 킹으로 시작하는 묶음을 빈 열로 옮길 때뿐이에요.

## 왜 퀸을 빈 열에 놓을 수 없나요?
빈 열에는 킹만 놓을 수 있어요. 다른 카드를 옮기면 뒷면 카드가 드러나는 경우에도 마찬가지예요.

## 왜 에이스가 같은 무늬의 두 번째 자리로 갔나요?
8개의 자리는 무늬마다 두 개씩 정해져 있어요. 카드는 그 카드를 받을 수 있는 첫 번째 자리로 가고, 에이스는 같은 무늬의 빈 자리로만 가요.

## 뽑기 더미를 다시 돌리면 점수가 깎이나요?
아니요. Easy Harp에서는 뽑기 더미를 몇 번이든 점수 없이 다시 돌릴 수 있어요.

## 되돌리기를 하면 둔 수도 줄어드나요?
되돌리기는 상황을 되돌리고 그 동작으로 얻은 점수를 빼지만, 둔 수는 계속 늘어나요.

## 배치 코드가 뭔가요?
배치마다 1부터 999 999까지의 번호가 있어요. EH1-N-AAAAAAF라는 코드에서 EH1은 배치 방식 1의 Easy Harp, N은 고른 옵션이 없다는 뜻이에요(Easy Harp에는 옵션이 없어서 늘 N이에요). 마지막 일곱 글자는 번호를 글자로 쓴 거예요(A는 0, B는 1, 이런 식이에요). 그래서 AAAAAAF는 5번 배치예요. 같은 코드는 뽑기 더미까지 언제나 같은 배치를 만들어서 친구에게 보낼 수 있어요.

## 오늘의 배치가 뭔가요?
그날(UTC 기준) 모두에게 같은 배치예요. 서버가 이길 수 있다고 확인한 배치 가운데서 골라요.

## 모든 배치를 이길 수 있나요?
아니요. 이기는 방법이 확인된 배치만 하고 싶다면 새 게임 창에서 "이길 수 있는 배치만"을 켜세요.

## 다시 올린 카드는 왜 점수를 받지 못했나요?
카드 한 장은 한 게임에 한 번만 기초 더미 점수를 받아요. 그래서 카드를 가져왔다가 다시 올려도 점수가 늘지 않아요.

## 오늘의 배치 순위는 어떻게 정하나요?
그날의 첫 도전만 순위에 들고, 시간은 첫 수가 아니라 자리에 앉은 때부터 재요. 그 도전에서는 힌트와 "아직 이길 수 있나요?"를 쓸 수 없고, 끝날 때까지 같은 배치로 연습 게임을 열 수 없어요(떠난 게임은 한 시간 뒤 저절로 끝나요). 그다음에는 마음껏 연습하세요.

## 다른 플레이어로 오늘의 배치를 미리 볼 수 있지 않나요?
그날은 모두 같은 배치를 받으니까 다른 플레이어로 먼저 볼 수는 있어요. 막을 수는 없고, 그렇게 하기 번거롭게 만들 뿐이에요. 오늘 만든 플레이어는 아무 게임이나 하나 끝내야(솔리테어 승리, 또는 진 러미 한 판을 끝까지) 오늘의 순위표에 들어가요. 그 전의 첫 도전은 연습으로 쳐요.
`,
  "learn.easy-harp.examples": `
예시마다 게임 엔진이 만든 실제 Easy Harp 상황이 나와요. 버튼으로 수를 시험해 보거나 게임판에서 직접 두어 보세요(한 번 누르기, 두 번 누르기, 끌기). 규칙에 어긋나는 수는 그 규칙을 보여 주고, 허용되는 수는 그대로 진행돼요. **처음부터**를 누르면 처음 상황으로 돌아가요.
`,

  "learn.reflechi.summary": "모든 카드가 앞면인 클론다이크: 숨겨진 카드는 없고, 모든 수를 생각해서 둬요.",
  "learn.reflechi.rules": `
## 요약
Solitaire Réfléchi는 배치 영역의 카드를 모두 앞면으로 나누는 클론다이크예요. 52장 한 벌로 하고, 색을 번갈아 가며 한 단계씩 낮은 카드를 쌓고, 정렬된 묶음을 옮기며, 모든 카드를 기초 더미 4개에 에이스부터 킹까지 올려요.

## 초기 배치
7개의 열에 1장, 2장, … 7장까지, 모두 28장을 앞면으로 놓아요. 각 열의 마지막 카드만 보이는 클론다이크와 다른 점은 이것뿐이에요. 나머지 24장은 뒷면으로 뽑기 더미가 돼요. 버린 카드 더미와 기초 더미 4개는 비어 있는 채로 시작해요.

## 할 수 있는 수
- 열 위에 놓기: 열의 마지막 카드와 색이 반대이고 정확히 한 단계 낮은 카드를 그 위에 놓을 수 있어요. [7H] 카드는 [8S] 카드나 [8C] 위에 갈 수 있어요.
- 버린 카드 더미에서는 맨 위 카드만 쓸 수 있고, 열이나 그 무늬의 기초 더미로 옮겨요.
- 기초 더미로: 열의 마지막 카드나 버린 카드 더미 맨 위 카드를 한 장씩 올려요.

카드의 순서는 가장 낮은 에이스부터 킹까지예요: 에이스, 2부터 10, 잭, 퀸, 킹.

## 묶음
열 중간의 카드는 그 위에 놓인 카드들이 이미 묶음을 이루고 있을 때 함께 옮길 수 있어요. 묶음은 색이 번갈아 나오고, 각 카드가 아래 카드보다 한 단계 낮아야 해요. 그러니 가장 긴 묶음도 킹부터 에이스까지 13장이에요. 카드가 다 보인다고 아무 카드나 옮길 수 있는 건 아니에요. 위에 놓인 카드들이 순서대로가 아니면 그 수는 거부돼요. 예시 페이지에서 첫 번째 배치로 직접 볼 수 있어요.

## 빈 열
빈 열에는 킹만 놓을 수 있어요. 킹 한 장만 옮겨도 되고, 그 위에 정렬된 묶음과 함께 옮겨도 돼요.

## 기초 더미
각 기초 더미는 한 무늬만 받고, 에이스부터 킹까지 한 장씩 쌓아요. 자리는 스페이드, 하트, 다이아몬드, 클럽 순서로 정해져 있어요. 카드를 기초 더미 쪽으로 끌면 알맞은 자리를 알아서 찾아가요.

## 뽑기 더미
새 게임 창에서 골라요:
- 1장 뽑기(쉬움, 기본): 한 번에 한 장씩 나와서, 뽑기 더미의 카드를 모두 차례로 쓸 수 있어요.
- 3장 뽑기(어려움): 누를 때마다 세 장을 뒤집어 버린 카드 더미에 펼쳐요. 그중 마지막 한 장만 쓸 수 있고, 그 카드를 쓰면 그 밑의 카드를 쓸 수 있게 돼요.

뽑기 더미가 비었을 때 한 번 더 누르면, 버린 카드 더미가 순서 그대로 모두 뽑기 더미로 돌아가요. 몇 번이든 다시 돌릴 수 있지만 돌릴 때마다 100점이 깎여요.

## 게임의 끝
52장이 모두 기초 더미에 올라가면 이겨요. 게임이 패배를 선언하지는 않아요. 쓸 만한 수가 남지 않으면 되돌리거나 새 배치를 시작하세요.

## 점수
| 수 | 점수 |
|---|---|
| 기초 더미로 올린 카드 한 장 | +10 |
| 버린 카드 더미에서 열로 옮긴 카드 한 장 | +5 |
| 버린 카드 더미를 모두 뽑기 더미로 되돌리기 | −100 |
| 열끼리 옮기기, 또는 기초 더미의 카드를 다시 가져오기 | 0 |

점수는 0점에서 시작하고 0점 아래로는 내려가지 않아요. 그래서 초반에 뽑기 더미를 되돌리면 100점보다 적게 깎일 수 있어요. 기초 더미에 올린 52장은 520점이에요. 이긴 게임의 점수는 이 520점에 버린 카드 더미에서 열로 옮긴 카드마다 5점을 더하고, 뽑기 더미를 되돌리느라 잃은 점수를 뺀 값이에요. 점수 규칙에는 뒷면 카드가 앞면이 될 때의 +5도 있지만, 여기서는 뒷면 카드가 없어서 그런 일은 없어요.

## 여기서 하는 방법
- 아무것도 저절로 움직이지 않고, 게임이 알아서 끝나지도 않아요. 열의 마지막 카드나 버린 카드 더미 맨 위 카드를 한 번 누르면 기초 더미로 올라가요. 빠르게 두 번 누르면(더블 클릭 설정) 기초 더미가 받지 않을 때 배치 영역에서 자리를 찾아요. 먼저 가장 긴 열을 보고, 킹이라면 빈 열도 찾아요. 카드를 끌어서 옮길 수도 있어요.
- 기초 더미 맨 위 카드를 끌어 배치 영역으로 되돌려도 되고, 그래도 점수는 그대로예요.
- **되돌리기**는 최근 100개까지의 동작을 되돌려요. 그 동작으로 얻은 점수는 빠지지만 둔 수는 줄지 않아요.
- **규칙 안내**(처음부터 켜져 있어요): 수가 거부되면 어떤 규칙 때문인지 보여 줘요.
- 배치마다 TF1-D1N-AAAAAAB 같은 코드가 있어서, 그 코드로 뽑기 더미 순서까지 똑같은 배치를 다시 만들 수 있어요. **새 게임**에서 새 배치, 오늘의 배치, 같은 배치, 또는 원하는 코드를 1장 뽑기나 3장 뽑기로 고를 수 있어요.
- 키보드: Space로 카드를 집고, 다른 더미에서 Space를 누르면 내려놓아요. Enter는 한 번 누르기, Shift+Enter는 두 번 누르기, Escape는 집은 카드를 제자리에 돌려놓기예요.
`,
  "learn.reflechi.tips": `
## 첫 수를 두기 전에
- 배치 영역의 카드가 모두 보여요. 깊이 묻힌 에이스와 2, 그리고 그 위를 덮은 카드를 찾아보세요.
- 묻힌 카드를 꺼내는 데 몇 수가 필요한지 세어 보고 시작하세요. 가장 많은 카드를 풀어 주는 열부터 손대세요.

## 묶음과 열
- 묶음을 순서대로 유지하세요. 순서가 어긋난 카드 더미는 아래쪽 카드부터 한 장씩만 풀 수 있어요.
- 빈 열은 아주 귀해요. 가장 많은 카드를 풀어 주는 킹으로 채우세요.
- 아직 그 위에 쌓아야 할 카드는 서둘러 기초 더미로 올리지 마세요.

## 뽑기 더미
- 뽑기 더미를 되돌릴 때마다 100점이 깎여요. 계획을 세우고 넘기세요.
- 3장 뽑기에서는 버린 카드 더미의 카드를 쓰면 다음번에 뒤집히는 카드가 달라져요. 카드 한 장을 쓰는 게 필요한 카드를 꺼내는 길일 때도 있어요.

## 막혔을 때
- **힌트**는 다음 수를 알려 주고, **아직 이길 수 있나요?**는 아직 이길 수 있는지 알려 줘요.
`,
  "learn.reflechi.history": `
## 생각해서 두는 클론다이크
클론다이크는 가장 잘 알려진 페이션스 게임으로, 1890년대 캐나다의 골드러시에서 이름을 따온 것으로 보여요. 모든 카드를 앞면으로 나누면 게임의 성격이 달라져요. 숨겨진 카드에 운을 맡길 일이 없어지고, 미리 계획하는 게임이 돼요. 프랑스어 réfléchi는 "곰곰이 생각한"이라는 뜻인데, 이 게임이 바라는 게 바로 그거예요.

## 생각하는 사람과 컴퓨터의 게임
배치 영역의 카드가 모두 보이면 게임 전체를 미리 풀어 볼 수 있어요. 수학자와 컴퓨터 과학자들은 이런 클론다이크를, 때로는 Thoughtful Solitaire라는 이름으로 연구해 왔어요. 프로그램이 이기는 방법을 찾아볼 수 있는 게임이기 때문이에요.
`,
  "learn.reflechi.faq": `
## 카드가 다 보이는데 왜 이 카드 더미를 옮길 수 없나요?
고른 카드 위의 카드들이 묶음을 이룰 때만 함께 옮길 수 있어요. 묶음은 색이 번갈아 나오고 각 카드가 아래 카드보다 한 단계 낮아야 해요. 보이는 카드라고 다 옮길 수 있는 건 아니에요.

## 3장 뽑기는 무엇이 다른가요?
누를 때마다 세 장이 뒤집히고, 마지막 카드만 쓸 수 있어요. 그 카드를 쓰면 그 밑의 카드를 쓸 수 있게 돼요. 1장 뽑기는 한 장씩 뒤집어요.

## 왜 점수가 100점보다 적게 깎였나요?
버린 카드 더미를 되돌리면 100점이 깎이지만, 점수는 0점 아래로 내려가지 않아요.

## 게임 코드가 뭔가요?
TF1-D1N-AAAAAAB 같은 코드는 배치 하나를 가리켜요. TF1은 배치 방식 1의 Réfléchi, D1N은 1장 뽑기(D3N은 3장 뽑기), 일곱 글자는 배치 번호예요(A는 0, B는 1, 이런 식이에요). 같은 코드는 뽑기 더미까지 언제나 같은 배치를 만들어요.

## 모든 배치를 이길 수 있나요?
아니요. 모든 카드가 보여도 그래요. 이기는 방법이 확인된 배치만 하고 싶다면 새 게임 창에서 "이길 수 있는 배치만"을 켜세요. 오늘의 배치는 언제나 이길 수 있어요.

## 클론다이크와 무엇이 다른가요?
카드를 나누는 방법만 달라요. 배치 영역의 카드가 모두 앞면이에요. 할 수 있는 수, 묶음, 뽑기 더미는 클론다이크와 같아요.

## 오늘의 배치 순위는 어떻게 정하나요?
그날의 첫 도전만 순위에 들고, 시간은 첫 수가 아니라 자리에 앉은 때부터 재요. 그 도전에서는 힌트와 "아직 이길 수 있나요?"를 쓸 수 없고, 끝날 때까지 같은 배치로 연습 게임을 열 수 없어요(떠난 게임은 한 시간 뒤 저절로 끝나요). 그다음에는 마음껏 연습하세요.

## 다른 플레이어로 오늘의 배치를 미리 볼 수 있지 않나요?
그날은 모두 같은 배치를 받으니까 다른 플레이어로 먼저 볼 수는 있어요. 막을 수는 없고, 그렇게 하기 번거롭게 만들 뿐이에요. 오늘 만든 플레이어는 아무 게임이나 하나 끝내야(솔리테어 승리, 또는 진 러미 한 판을 끝까지) 오늘의 순위표에 들어가요. 그 전의 첫 도전은 연습으로 쳐요.
`,
  "learn.reflechi.examples": `
예시마다 게임 엔진이 만든 실제 Solitaire Réfléchi 상황이 나와요. 버튼으로 수를 시험해 보거나 게임판에서 직접 두어 보세요(한 번 누르기, 두 번 누르기, 끌기). 규칙에 어긋나는 수는 그 규칙을 보여 주고, 허용되는 수는 그대로 진행돼요. **처음부터**를 누르면 처음 상황으로 돌아가요.
`,

  // ---- 예시 (server/examples) ------------------------------------------------------------
  "ex.gin-rummy.melds.title": "묶음과 남은 카드",
  "ex.gin-rummy.melds.text": `
아래에 색깔 막대가 있는 카드가 내 묶음이에요. 여기서는 7 세 장이에요. 나머지는 모두 남은 카드이고, 그 점수가 손패 옆에 나와요. 버린 카드 더미의 [7H] 카드는 두 곳에 맞아요. 네 번째 7이 될 수도 있고, [5H] [6H] [7H] 런에 들어갈 수도 있어요. 가져와서 게임이 어느 쪽을 고르는지 보세요. 런과 세트를 함께 만드는 쪽이 남은 카드가 가장 적어요.

차례는 카드를 가져오면서 시작해요. 가져오기 전에 노크하면 거부돼요.
`,
  "ex.gin-rummy.melds.try.knock": "가져오기 전에 노크",
  "ex.gin-rummy.melds.try.take": "7♥ 가져오기",
  "ex.gin-rummy.just-taken.title": "방금 가져온 카드",
  "ex.gin-rummy.just-taken.text": `
버린 카드 더미에서 [9D]를 가져오세요. 9가 세 장이 돼요. 이제 그 카드를 바로 다시 버려 보세요. 버린 카드 더미에서 가져온 카드는 같은 차례에 버릴 수 없어서 거부돼요. 대신 [KH] 같은 다른 카드를 버리세요.
`,
  "ex.gin-rummy.just-taken.try.same": "9♦를 가져와서 버리기",
  "ex.gin-rummy.just-taken.try.other": "9♦를 가져오고 K♥ 버리기",
  "ex.gin-rummy.upcard-offer.title": "펴진 카드를 가져갈까요?",
  "ex.gin-rummy.upcard-offer.text": `
판은 펴진 카드를 가져갈지 묻는 것으로 시작해요. 딜러가 아닌 사람, 여기서는 내가 펴진 카드를 가져가거나 넘길 수 있어요. 펴진 카드는 [6S] 카드예요. 먼저 더미에서 가져오면 거부돼요. [6S] 카드는 내 런 [3S] [4S] [5S]를 늘려 주니 가져가세요. 넘기면 상대가 같은 선택을 해요.
`,
  "ex.gin-rummy.upcard-offer.try.stock": "더미에서 가져오기",
  "ex.gin-rummy.upcard-offer.try.take": "6♠ 가져오기",
  "ex.gin-rummy.upcard-offer.try.pass": "넘기기",
  "ex.gin-rummy.both-passed.title": "둘 다 넘긴 뒤",
  "ex.gin-rummy.both-passed.text": `
내가 [6S] 카드를 넘겼고 상대도 넘겼어요. 이제 내가 시작하는데, 첫 카드는 더미에서 가져와야 해요. 펴진 카드는 이미 두 사람 모두 넘겼으니까요. 지금 그 카드를 가져가면 거부돼요.
`,
  "ex.gin-rummy.both-passed.try.pile": "6♠ 가져오기",
  "ex.gin-rummy.both-passed.try.stock": "더미에서 가져오기",
  "ex.gin-rummy.knock.title": "노크와 붙이기",
  "ex.gin-rummy.knock.text": `
내 손에는 묶음 세 개와 낱장 두 장, [3D] 카드와 [KD] 카드가 있어요. [KD] 카드를 버리며 노크하면 남은 카드는 3점이에요. 여기서는 상대의 손패가 보여요. 노크하면 게임이 상대의 [7H] 카드를 내 하트 런에, [8H] 카드를 내 8 세트에, [4C]를 내 클럽 런에 붙여요. 상대에게 남는 카드가 가장 적어지는 방법이에요. 상대에게 남은 점수를 내 3점과 비교해서, 그 차이만큼 내가 얻어요.

묶음에 든 카드를 버리며 노크하면 남은 카드가 너무 많아져서 거부돼요.
`,
  "ex.gin-rummy.knock.try.high": "4♥로 노크",
  "ex.gin-rummy.knock.try.knock": "K♦으로 노크",
  "ex.gin-rummy.undercut.title": "언더컷",
  "ex.gin-rummy.undercut.text": `
[KS] 카드를 버리며 노크하면 내 남은 카드는 [8D] 한 장, 8점이에요. 상대의 낱장은 17점이라 이긴 것처럼 보여요. 하지만 상대의 [5H]는 내 하트 런에, [9H]는 내 9 세트에 붙고, 상대에게는 3점만 남아요. 수비하는 쪽의 남은 카드가 노크한 쪽과 같거나 더 적으면 언더컷이에요. 수비하는 쪽이 25점에 차이를 더해서 얻어요. 여기서는 25 + 8 − 3 = 30점이에요.
`,
  "ex.gin-rummy.undercut.try.knock": "K♠으로 노크",
  "ex.gin-rummy.gin.title": "진",
  "ex.gin-rummy.gin.text": `
[9D]를 버리면 남은 카드가 하나도 없어요. 그 카드를 버리며 노크하면 진이에요. 진일 때는 아무것도 붙이지 않아요. 내 스페이드 런에 맞는 [4S]도 붙지 않고, 나는 25점에 상대의 남은 카드 점수를 모두 더해서 얻어요.

대신 묶음에 든 카드를 버리며 노크하면 23점이 남아서 거부돼요.
`,
  "ex.gin-rummy.gin.try.high": "7♥로 노크",
  "ex.gin-rummy.gin.try.gin": "9♦로 노크: 진",

  "ex.easy-harp.built-run.title": "쌓은 묶음은 한 장씩 옮겨요",
  "ex.easy-harp.built-run.text": `
첫 번째 열은 [8S] [7H] [6C] 묶음으로 끝나요. 첫 카드는 [9D] 위에 맞지만, 묶음을 통째로 옮길 수는 없어요. 열 사이에서는 한 번에 한 장만 옮길 수 있거든요. 대신 아래쪽 카드부터 한 장씩 떼어 내세요. [6C] 카드는 [7D] 위로 갈 수 있어요.
`,
  "ex.easy-harp.built-run.try.run": "묶음을 9♦ 위로 옮기기",
  "ex.easy-harp.built-run.try.one": "6♣을 7♦ 위로 옮기기",
  "ex.easy-harp.king-run.title": "킹 묶음을 빈 열로",
  "ex.easy-harp.king-run.text": `
킹으로 시작하는 묶음만은 예외예요. [KS] [QH] [JC] 카드는 비어 있는 두 번째 열로 통째로 옮길 수 있고, 그러면 그 밑에 있던 뒷면 카드가 앞면이 돼요(+5). 킹이 빠진 [QH] [JC] 카드는 함께 옮길 수 없어요.
`,
  "ex.easy-harp.king-run.try.queen": "Q♥ J♣을 빈 열로 옮기기",
  "ex.easy-harp.king-run.try.king": "K♠ Q♥ J♣을 빈 열로 옮기기",
  "ex.easy-harp.empty-column.title": "빈 열에는 킹만",
  "ex.easy-harp.empty-column.text": `
[QD] 카드를 비어 있는 다섯 번째 열로 옮기면 뒷면 카드가 드러나겠지만, 그곳에는 킹만 갈 수 있어요. 대신 버린 카드 더미의 [KC] 카드를 옮기세요(+5). 그러면 [QD] 카드를 그 위에 놓을 수 있어요.
`,
  "ex.easy-harp.empty-column.try.queen": "Q♦을 빈 열로 옮기기",
  "ex.easy-harp.empty-column.try.king": "K♣을 그곳에 놓기",
  "ex.easy-harp.empty-column.try.then": "K♣을 놓고 그 위에 Q♦",
  "ex.easy-harp.four-places.title": "두 벌: 검은색 6이 갈 수 있는 네 곳",
  "ex.easy-harp.four-places.text": `
모든 카드가 두 장씩 있어서 버린 카드 더미의 [6S] 카드는 갈 곳이 네 군데예요. [7H] 두 장과 [7D] 두 장이에요. 아무 곳에나 놓아 보거나 6을 두 번 눌러 보세요. 두 번 누르면 맞는 열 가운데 가장 긴 열로 가요. 검은색 [7C]에는 검은색 6을 놓을 수 없어요.
`,
  "ex.easy-harp.four-places.try.black": "6♠을 7♣ 위에 놓기",
  "ex.easy-harp.four-places.try.red": "6♠을 7♥ 위에 놓기",
  "ex.easy-harp.four-places.try.double": "6♠을 두 번 누르기",
  "ex.easy-harp.foundations.title": "무늬마다 두 개, 기초 더미 8개",
  "ex.easy-harp.foundations.text": `
기초 더미의 자리마다 무늬가 있고, 무늬마다 자리가 두 개예요. 첫 번째 하트 자리에는 이미 에이스가 있어서 다음에는 [3H] 카드가 아니라 [2H]를 받아요. 두 번째 [AH]는 스페이드 자리에 놓을 수 없어요. 눌러 보면 비어 있는 하트 자리를 알아서 찾아가요.
`,
  "ex.easy-harp.foundations.try.slot": "A♥를 스페이드 자리에 놓기",
  "ex.easy-harp.foundations.try.order": "3♥을 A♥ 위에 놓기",
  "ex.easy-harp.foundations.try.tap": "A♥ 누르기",

  "ex.reflechi.unordered-run.title": "보인다고 다 옮길 수 있는 건 아니에요",
  "ex.reflechi.unordered-run.text": `
첫 번째 배치, TF1-D1N-AAAAAAB예요. 여섯 번째 열의 [9D]는 [TC] 위에 맞지만, 그 위에 [5D]가 있고 두 장은 묶음이 아니에요. 그래서 이 카드 더미는 옮길 수 없어요. 카드는 이미 순서대로일 때만 함께 옮길 수 있어요. 대신 [AH]를 기초 더미로 올리세요. 그러면 [TH] 카드를 [JC] 위에 놓을 수 있어요.
`,
  "ex.reflechi.unordered-run.try.stack": "9♦ 5♦를 10♣ 위로 옮기기",
  "ex.reflechi.unordered-run.try.ace": "A♥ 누르기",
  "ex.reflechi.unordered-run.try.ten": "A♥를 올리고 10♥을 J♣ 위로",
  "ex.reflechi.ordered-run.title": "정렬된 묶음은 한꺼번에 옮겨요",
  "ex.reflechi.ordered-run.text": `
[9H] [8C] [7D] 카드는 묶음이에요. 색이 번갈아 나오고 한 장씩 낮아져요. 그래서 통째로 [TC] 위로 옮길 수 있어요. 그 밑의 [KS]까지 함께 집으면 더 이상 묶음이 아니라서 네 장을 함께 옮길 수 없어요.
`,
  "ex.reflechi.ordered-run.try.king": "K♠을 묶음과 함께 옮기기",
  "ex.reflechi.ordered-run.try.run": "9♥ 8♣ 7♦을 10♣ 위로 옮기기",
  "ex.reflechi.empty-column.title": "빈 열에는 킹이 들어가요",
  "ex.reflechi.empty-column.text": `
네 번째 열이 비어 있어요. [QH] [JS] 카드는 묶음이지만 킹으로 시작하지 않아서 거부돼요. [KD] 카드는 그 위의 묶음 [QC] [JH] 카드와 함께 통째로 그곳에 갈 수 있어요.
`,
  "ex.reflechi.empty-column.try.queen": "Q♥ J♠을 빈 열로 옮기기",
  "ex.reflechi.empty-column.try.king": "K♦ Q♣ J♥을 그곳으로 옮기기",
  "ex.reflechi.draw-three.title": "3장 뽑기: 마지막 카드만 쓸 수 있어요",
  "ex.reflechi.draw-three.text": `
3장 뽑기에서는 누를 때마다 카드 세 장이 뒤집혀 버린 카드 더미에 펼쳐져요. 마지막 카드인 [AS]만 쓸 수 있어요. 그 밑의 [9D]는 [TS] 위에 맞지만 거부돼요. 에이스를 기초 더미로 올리면 [9D]를 쓸 수 있게 돼요.
`,
  "ex.reflechi.draw-three.try.middle": "9♦를 10♠ 위로 옮기기",
  "ex.reflechi.draw-three.try.last": "A♠ 누르기",
  "ex.reflechi.draw-three.try.freed": "A♠를 올리고 9♦를 10♠ 위로",
};
