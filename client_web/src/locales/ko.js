// 한국어: locales/en.js와 같은 키를 모두 가집니다 (tests/test_i18n.py).
export default {
  "app.name": "Cardroom",
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
  "bot.easy": "쉬움 봇",
  "bot.normal": "보통 봇",
  "bot.hard": "어려움 봇",
  "bot.expert": "전문가 봇",

  "count.cards": { other: "{n}장" },
  "count.points": { other: "{n}점" },
  "count.spectators": { other: "관전자 {n}명" },
  "count.moves": { other: "{n}수" },
  "count.positions": { other: "국면 {n}개" },

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
  "result.knock.you": "노크했습니다",
  "result.knock.other": "{name}의 노크",
  "result.dead": "무승부: 아무도 점수를 얻지 못합니다",
  "result.deadwood": "{name}: 남은 카드 {n}점",
  "result.laid_off": "붙인 카드: {cards}",
  "result.match": "매치: {me} {a} – {b} {them} ({target}점까지)",
  "result.match_winner.you": "매치에서 이겼습니다!",
  "result.match_winner.other": "매치 승리: {name}!",
  "score.dead": "더미가 다 떨어져 무승부입니다. 같은 딜러가 다시 나눕니다.",
  "score.gin.you": "{points} 획득 (진 보너스 25 + 남은 카드 {loser}).",
  "score.gin.other": "{name}: {points} 획득 (진 보너스 25 + 남은 카드 {loser}).",
  "score.undercut.you": "{points} 획득 (언더컷 보너스 25 + 남은 카드 {knocker} − {winner}).",
  "score.undercut.other": "{name}: {points} 획득 (언더컷 보너스 25 + 남은 카드 {knocker} − {winner}).",
  "score.knock.you": "{points} 획득 (남은 카드 {loser} − {winner}).",
  "score.knock.other": "{name}: {points} 획득 (남은 카드 {loser} − {winner}).",
  "hand.face_down": { other: "뒷면 카드 {n}장" },

  "table.away": "자리 비움",
  "table.thinking": "생각 중",
  "table.stock_label": "더미, {cards}: 한 장 가져오기",
  "table.pile_label": "버린 카드 더미, 맨 위 {card}: 가져오기",
  "table.pile_empty": "버린 카드 더미, 비어 있음",
  "table.take": "{card} 가져오기",
  "table.pass": "넘기기",
  "table.whole_pile": "버린 카드 더미 전체",
  "table.empty": "비어 있음",
  "table.hide_pile": "더미 숨기기",
  "table.show_pile": "버린 카드 전체 ({n})",
  "table.your_hand": "내 손패",
  "table.card_deadwood": "{card}, 남은 카드",
  "table.card_meld": "{card}, 묶음 {n}",
  "table.deadwood": "남은 카드 {n}",
  "table.sort": "정렬",
  "table.sort_title": "묶음을 앞에, 나머지는 숫자순으로",
  "table.discard": "버리기",
  "table.discard_card": "{card} 버리기",
  "table.knock": "노크",
  "table.gin": "진!",
  "table.knock_with": "노크 (남은 카드 {n})",
  "table.knock_select": "노크: 카드를 고르세요",
  "table.knock_title": "노크할 수 있는 카드를 고르세요",
  "table.scores": "{me} {a} · {b} {them}",
  "table.hand_info": " ({hand}번째 판, {target}점까지)",
  "table.moves_label": "이번 판의 수",

  "status.forfeit.left.you_win": "상대({loser})가 게임을 떠나 매치에서 이겼습니다.",
  "status.forfeit.left.you_lose": "게임을 떠났으므로 {winner}의 매치 승리입니다.",
  "status.forfeit.left.watch": "{loser} 퇴장: {winner}의 매치 승리입니다.",
  "status.forfeit.timeouts.you_win": "상대({loser})가 시간 초과를 너무 많이 해서 매치에서 이겼습니다.",
  "status.forfeit.timeouts.you_lose": "시간 초과가 너무 많아 {winner}의 매치 승리입니다.",
  "status.forfeit.timeouts.watch": "{loser} 시간 초과 누적: {winner}의 매치 승리입니다.",
  "status.waiting": "두 번째 플레이어를 기다리는 중입니다. 초대 링크를 공유하세요.",
  "status.match_over.you": "매치 승리! {a}–{b}",
  "status.match_over.other": "{name}의 매치 승리: {a}–{b}",
  "status.hand_over": "판이 끝났습니다.",
  "status.hand_over_next": "판이 끝났습니다. 준비되면 다음 판을 누르세요.",
  "status.your_offer": "내 차례: 펴진 카드({card})를 가져가거나 넘기세요.",
  "status.your_draw": "내 차례: 더미나 버린 카드 더미에서 한 장 가져오세요.",
  "status.your_discard": "카드를 고른 뒤 버리세요 (남은 카드 점수가 되면 노크도 할 수 있습니다).",
  "status.their_offer": "{name}: 펴진 카드를 두고 고민 중…",
  "status.their_draw": "{name}: 카드를 가져오는 중…",
  "status.their_discard": "{name}: 버릴 카드를 고르는 중…",

  "room.match_over": "매치가 끝났습니다.",
  "room.waiting_next": "다음 판을 기다리는 중…",
  "room.rematch": "다시 하기",
  "room.lobby": "로비",
  "room.next_hand": "다음 판",
  "room.copied": "복사했습니다!",
  "room.daily_title": "오늘의 {game} ({date})",
  "room.title": "{game} · 방 {id}",
  "room.spectating": "관전 중",
  "room.invite": "초대 링크 복사",
  "room.seat_open": "이 테이블에 빈자리가 있습니다.",
  "room.take_seat": "자리에 앉기",
  "room.unavailable": "이 방을 열 수 없습니다",
  "room.back": "로비로 돌아가기",
  "room.loading": "테이블을 불러오는 중…",
  "room.timeout.you": "시간이 다 되어 서버가 안전한 수를 대신 두었습니다.",
  "room.timeout.other": "상대의 시간이 다 되어 서버가 안전한 수를 대신 두었습니다.",
  "room.clock": "⏱ {n}초",
  "room.rules": "규칙",

  "sol.stock_one": "뽑기 더미, {cards}: 한 장 뒤집기",
  "sol.stock_three": "뽑기 더미, {cards}: 세 장 뒤집기",
  "sol.stock_empty": "뽑기 더미가 비었습니다: 버린 카드를 되돌리기",
  "sol.waste_label": "버린 카드 더미, {cards}",
  "sol.foundations": "기초 더미",
  "sol.empty_foundation": "빈 {suit} 기초 더미",
  "sol.on_foundation": "기초 더미의 {card} ({cards})",
  "sol.column_label": "{n}열: 뒷면 {down}장, 앞면 {up}장",
  "sol.empty_column": "빈 {n}열",
  "sol.thinking": "생각 중…",
  "sol.searching": "찾는 중…",
  "sol.draw_label": "뽑기 더미에서 뒤집는 카드 수",
  "sol.draw1": "1장 뽑기",
  "sol.draw3": "3장 뽑기",
  "sol.code_placeholder": "배치 코드",
  "sol.new_deal": "새 배치",
  "sol.winnable_title": "서버의 풀이기가 이기는 방법을 찾아 둔 배치",
  "sol.winnable": "이길 수 있는 배치만",
  "sol.today": "오늘의 배치",
  "sol.same": "같은 배치",
  "sol.play_code": "이 코드로 하기",
  "sol.new_game": "새 게임",
  "sol.copy": "복사",
  "sol.daily_code": "오늘의 배치: 코드는 내일(UTC) 공개됩니다",
  "sol.copy_label": "배치 코드 {code} 복사",
  "sol.score": "점수 {n}",
  "sol.moves": "이동 {n}",
  "sol.undo": "되돌리기",
  "sol.hint": "힌트",
  "sol.can_win": "아직 이길 수 있나요?",
  "sol.ranked_no_help": "순위 도전: 힌트 없음",
  "sol.interactive": "규칙 안내",
  "sol.won_you": "이겼습니다!",
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
  "hint.none": "지금은 도움이 되는 수가 없습니다.",
  "hint.stock": "뽑기 더미를 뒤집으세요.",
  "hint.recycle": "버린 카드를 뽑기 더미로 되돌리세요.",
  "hint.cards.top": "맨 위 카드",
  "hint.cards.one": "{card} 카드",
  "hint.cards.run": { other: "{card}부터 {n}장의 카드" },
  "hint.move": "{cards}를 {from} {to} 옮기세요.",
  "hint.sure.winnable": "이기는 길의 다음 수입니다.",
  "hint.sure.lost": "여기서 이기는 길은 없습니다. 가장 좋아 보이는 수입니다.",
  "hint.sure.samples": "아직 보지 못한 카드가 있습니다. 지금까지 본 것과 맞는 배치 {samples}개 중 {wins}개에서 이깁니다.",
  "hint.sure.unknown": "시간 안에 이기는 길을 찾지 못했습니다. 가장 좋아 보이는 수입니다.",
  "hint.line": "힌트: {move} {sure}",
  "verdict.searched": "{budget}초 예산 중 {seconds}초 동안 {positions} 탐색",
  "verdict.yes": "예: 여기서 이기는 길이 있습니다 ({searched}).",
  "verdict.no": "아니요: 여기서는 이길 수 없다는 것이 증명되었습니다 ({searched}).",
  "verdict.unknown": "알 수 없음: 예산 안에 결론을 내지 못했습니다 ({searched}).",

  "replay.title": "다시 보기 {id}",
  "replay.position": "{total}수 중 {at}수",
  "replay.hand": "{n}번째 판",
  "replay.jump": "판으로 이동",
  "replay.first": "첫 수",
  "replay.back": "한 수 뒤로",
  "replay.play": "재생",
  "replay.pause": "일시 정지",
  "replay.forward": "한 수 앞으로",
  "replay.last": "마지막 수",
  "replay.controls": "다시 보기 조작",
  "replay.scrub": "게임 안의 위치",
  "replay.sol_title": "다시 보기: {game} {code}",
  "replay.loading": "다시 보기를 불러오는 중…",
  "replay.none": "다시 보기 없음",

  "lobby.title": "진 러미와 솔리테어",
  "lobby.lead": "게임을 골라 바로 시작하세요. 처음 해 보는 게임이라면 규칙과 요령, 직접 해 보는 예시를 먼저 보세요.",
  "lobby.learn_all": "게임 배우기",
  "lobby.name": "내 이름",
  "lobby.solitaire": "솔리테어",
  "lobby.reflechi1": "Réfléchi, 1장 뽑기",
  "lobby.reflechi3": "Réfléchi, 3장 뽑기",
  "lobby.deal_code": "배치 코드 (선택)",
  "lobby.room_code": "방 코드나 링크",
  "lobby.play_bot": "{bot}과 하기",
  "lobby.bot_text.easy": "짝을 남기고 높은 카드를 버리며, 거의 다 됐을 때만 노크합니다.",
  "lobby.bot_text.normal": "도움이 되는 버린 카드를 가져가고, 할 수 있으면 바로 노크합니다.",
  "lobby.bot_text.hard": "보이지 않는 카드를 따져 보고, 내가 원하는 카드는 내주지 않습니다.",
  "lobby.bot_text.expert": "내가 가져간 카드와 넘긴 카드로 내 손패를 읽습니다.",
  "lobby.friend": "친구와 하기",
  "lobby.friend_text": "나만의 테이블: 초대 링크를 친구에게 보내세요.",
  "lobby.daily": "오늘의 게임",
  "lobby.daily_text": "보통 봇과 대결합니다. 오늘은 모두가 같은 카드를 받습니다.",
  "lobby.sol_text.eh": "카드 두 벌, 9개의 열, 한 번에 한 장.",
  "lobby.sol_text.tf1": "모든 카드가 앞면이고, 뽑기 더미는 한 장씩 뒤집습니다.",
  "lobby.sol_text.tf3": "모든 카드가 앞면이고, 뽑기 더미는 세 장씩 뒤집습니다.",
  "lobby.todays_deal": "오늘의 배치",
  "lobby.new_deal": "새 배치",
  "lobby.learn": "배우기",
  "lobby.learn_game": "{game} 배우기",
  "lobby.learn_text": "규칙, 요령, 역사, 질문, 직접 해 보는 예시.",
  "lobby.more": "더 많은 옵션",
  "lobby.match_options": "진 러미 매치",
  "lobby.match_to": "목표 점수",
  "lobby.public": "공개: 누구나 아래 목록에서 관전하거나 참가할 수 있습니다",
  "lobby.rated": "레이팅: 친구와의 매치가 두 플레이어의 레이팅을 바꿉니다",
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
  "lobby.no_rooms": "지금은 공개 방이 없습니다. 하나 만들어 보세요!",
  "lobby.no_replays": "아직 끝난 게임이 없습니다.",
  "lobby.replays_unavailable": "다시 보기를 불러올 수 없습니다.",
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
  "lobby.replay_lost": "미완성, {moves} 동안 {score}점",
  "lobby.winner": "{name} 승리",
  "lobby.no_winner": "승자 없음",
  "lobby.replay_info": "{winner} {scores} · {when}",

  "settings.title": "설정",
  "settings.language": "언어",
  "settings.interactiveRules": "규칙 안내",
  "settings.interactiveRules.help": "솔리테어에서 이동이 거부되면 어떤 규칙 때문인지 알려 줍니다.",
  "settings.doubleTap": "더블 탭",
  "settings.doubleTap.help": "카드를 빠르게 두 번 누르면 배치 영역에서 놓을 자리를 찾습니다. 가장 긴 열을 먼저 찾고, 킹이면 그다음 빈 열을 찾습니다. 끄면 누를 때마다 기초 더미만 찾습니다.",
  "settings.fourColour": "4색 무늬",
  "settings.fourColour.help": "다이아몬드는 파란색, 클럽은 초록색으로 그려 네 무늬가 서로 헷갈리지 않게 합니다.",
  "settings.cardSize": "카드 크기",
  "settings.cardSize.small": "작게",
  "settings.cardSize.medium": "보통",
  "settings.cardSize.large": "크게",
  "settings.animations": "애니메이션",
  "settings.animations.help": "카드가 갈 곳으로 미끄러지듯 움직입니다. 시스템에서 동작 줄이기를 켜 두면 항상 꺼집니다.",
  "settings.sound": "소리",
  "settings.sound.help": "카드를 놓을 때, 노크할 때, 이동이 거부될 때, 이겼을 때 작은 소리를 냅니다.",
  "settings.close": "완료",

  "learn.title": "게임 배우기",
  "learn.intro": "게임마다 규칙, 요령, 짧은 역사, 자주 묻는 질문, 그리고 직접 해 볼 수 있는 예시가 있습니다.",
  "learn.crumbs": "현재 위치",
  "learn.pages": "이 게임에 관한 페이지",
  "learn.heading": "{game}: {page}",
  "learn.page.rules": "규칙",
  "learn.page.tips": "요령",
  "learn.page.history": "역사",
  "learn.page.faq": "질문",
  "learn.page.examples": "예시",
  "learn.play": "지금 하기",
  "learn.loading": "불러오는 중…",
  "learn.unavailable": "지금은 예시를 불러올 수 없습니다.",
  "learn.reset": "처음부터",
  "learn.allowed": "허용되는 수입니다. 판에 반영되었습니다.",
  "learn.opponent": "상대",
  "learn.again": "다시 해 보기",
  "learn.hand_over": "판이 끝났습니다. 다시 해 보거나 위의 버튼으로 처음부터 시작하세요.",
  "learn.full_page": "새 탭에서 열기",
  "learn.close": "닫기",
  "refusal.gin_rummy.bad_action": "진 러미에서 할 수 없는 동작입니다.",
  "refusal.gin_rummy.not_a_seat": "자리에 앉은 두 플레이어만 둘 수 있습니다.",
  "refusal.gin_rummy.not_your_turn": "내 차례가 아닙니다.",
  "refusal.gin_rummy.upcard_offer": "첫 차례는 펴진 카드로 시작합니다. 펴진 카드를 가져가거나 넘기세요.",
  "refusal.gin_rummy.not_upcard_offer": "펴진 카드를 가져가거나 넘기는 것은 첫 차례에만 할 수 있습니다.",
  "refusal.gin_rummy.must_draw_stock": "두 사람 모두 펴진 카드를 넘겼으므로, 딜러가 아닌 사람이 더미에서 한 장 가져오며 시작합니다.",
  "refusal.gin_rummy.already_drew": "이번 차례에는 이미 카드를 가져왔습니다. 카드를 버리거나 노크하세요.",
  "refusal.gin_rummy.must_draw_first": "버리기 전에 더미나 버린 카드 더미에서 카드를 한 장 가져오세요.",
  "refusal.gin_rummy.card_not_in_hand": "그 카드는 내 손에 없습니다.",
  "refusal.gin_rummy.discard_just_taken": "버린 카드 더미에서 방금 가져온 카드는 같은 차례에 버릴 수 없습니다.",
  "refusal.gin_rummy.knock_too_high": "카드를 버린 뒤 남은 카드 점수가 10점 이하일 때만 노크할 수 있습니다.",
  "refusal.gin_rummy.hand_in_play": "아직 판이 진행 중입니다.",
  "refusal.gin_rummy.hand_over": "판이 끝났습니다. 계속하려면 다음 판을 시작하세요.",
  "refusal.gin_rummy.match_over": "매치가 끝났습니다.",
  "refusal.solitaire.bad_action": "솔리테어에서 할 수 없는 동작입니다.",
  "refusal.solitaire.bad_pile": "그런 더미는 없습니다.",
  "refusal.solitaire.empty_pile": "그곳에는 카드가 없습니다.",
  "refusal.solitaire.face_down": "뒷면 카드는 옮길 수 없습니다. 위의 카드가 치워지면 저절로 앞면이 됩니다.",
  "refusal.solitaire.one_card": "열 사이에서는 한 번에 한 장만 옮길 수 있습니다. 킹으로 시작하는 묶음만 빈 열로 한꺼번에 옮길 수 있습니다.",
  "refusal.solitaire.not_a_run": "카드는 묶음을 이룰 때만 함께 옮길 수 있습니다. 색이 번갈아 나오고, 아래 카드보다 한 단계씩 낮아야 합니다.",
  "refusal.solitaire.waste_top": "버린 카드 더미에서는 맨 위 카드만 사용할 수 있습니다.",
  "refusal.solitaire.empty_needs_king": "빈 열에는 킹(또는 킹으로 시작하는 묶음)만 놓을 수 있습니다.",
  "refusal.solitaire.bad_build": "카드는 색이 반대이고 정확히 한 단계 높은 카드 위에 놓습니다.",
  "refusal.solitaire.foundation_one": "기초 더미에는 한 번에 한 장씩만 올립니다.",
  "refusal.solitaire.foundation_order": "기초 더미는 자기 무늬의 카드를 에이스부터 킹까지 한 장씩 순서대로 받습니다.",
  "refusal.solitaire.ace_to_empty": "에이스는 같은 무늬의 빈 기초 더미에만 놓을 수 있습니다.",
  "refusal.solitaire.foundation_to_foundation": "기초 더미에서 가져온 카드는 배치 영역으로 옮깁니다.",
  "refusal.solitaire.to_waste": "버린 카드 더미나 뽑기 더미에는 카드를 놓을 수 없습니다.",
  "refusal.solitaire.same_pile": "카드가 이미 그곳에 있습니다.",
  "refusal.solitaire.no_foundation": "아직 이 카드를 받을 기초 더미가 없습니다.",
  "refusal.solitaire.no_place": "이 카드를 놓을 곳이 없습니다.",
  "refusal.solitaire.stock_empty": "뽑기 더미와 버린 카드 더미가 모두 비었습니다.",
  "refusal.solitaire.nothing_to_undo": "되돌릴 동작이 없습니다 (최근 100개의 동작만 되돌릴 수 있습니다).",
  "refusal.solitaire.won": "이미 이긴 게임입니다. 새 게임을 시작하세요.",

  "error.bad_frame": "서버가 이 페이지에서 보낸 메시지를 읽지 못했습니다.",
  "error.unknown_type": "서버가 모르는 요청입니다.",
  "error.bad_field": "요청에 빠지거나 잘못된 항목이 있었습니다.",
  "error.hello_first": "아직 연결하는 중입니다. 다시 시도하세요.",
  "error.version": "페이지가 오래되었습니다. 새로 고침하세요.",
  "error.no_room": "그런 방이 없습니다 (코드나 링크를 확인하세요).",
  "error.not_joined": "그 방에 들어가 있지 않습니다.",
  "error.not_solitaire": "힌트는 솔리테어에서만 쓸 수 있습니다.",
  "error.busy": "서버가 아직 처리하는 중입니다. 잠시 후 다시 시도하세요.",
  "error.spectator": "관전자는 보기만 할 수 있습니다. 자리에 앉은 플레이어만 둘 수 있습니다.",
  "error.bad_token": "이 방의 자리 토큰이 아닙니다.",
  "error.room_full": "모든 자리가 찼습니다. 대신 관전할 수 있습니다.",
  "error.seat_taken": "그 자리에는 이미 누가 앉아 있습니다.",
  "error.bad_seat": "이 테이블에 그런 자리는 없습니다.",
  "error.bad_room": "그 게임 옵션은 쓸 수 없습니다.",
  "error.too_many_rooms": "한 연결에서 만들 수 있는 방의 수에는 한도가 있습니다.",
  "error.waiting": "모든 자리가 차면 게임이 시작됩니다.",
  "error.room_finished": "이 게임은 끝났습니다.",
  "error.bad_deal": "그 배치 코드나 번호에 해당하는 배치가 없습니다.",
  "error.flood": "메시지를 한꺼번에 너무 많이 보내 연결이 끊겼습니다.",
  "error.internal": "서버에 문제가 생겼습니다. 아무것도 바뀌지 않았습니다.",
  "error.offline": "연결이 끊겼습니다. 다시 시도하세요.",
  "error.reconnecting": "다시 연결하는 중입니다. 잠시 후 다시 시도하세요.",
  "error.no_replay": "그 id로 끝난 게임이 없습니다.",
  "error.in_progress": "진행 중인 게임은 다시 볼 수 없습니다.",
  "error.daily_not_over": "그날의 배치와 코드, 다시 보기는 그날이 끝나면(UTC) 공개됩니다.",
  "error.no_example": "그런 이름의 예시가 없습니다.",
  "error.too_large": "요청이 너무 큽니다.",
  "error.bad_name": "그 이름은 쓸 수 없어요. 1~24자이고 글자, 숫자, 기호가 하나 이상 있어야 하며 빈칸처럼 보이는 문자는 안 돼요.",
  "error.id_reused": "이미 다른 수에 쓰인 요청입니다. 다시 시도하세요.",
  "error.reloaded": "서버가 이 게임의 마지막 수 몇 개를 잃어버렸어요. 지금 보이는 테이블은 저장된 그대로예요. 여기서부터 이어서 하세요.",
  "error.unavailable": "지금은 게임 저장소에 연결할 수 없습니다. 아무것도 바뀌지 않았으니 잠시 후 다시 시도하세요.",
  "nav.boards": "순위표",
  "nav.profile": "프로필",
  "player.title": "플레이어",
  "player.loading": "불러오는 중…",
  "player.since": "{date}부터 플레이",
  "player.today": "오늘의 순위",
  "player.rank": "{total}명 중 {rank}위",
  "player.no_ranks": "오늘은 아직 순위에 든 게임이 없습니다.",
  "player.rating": "진 러미 레이팅",
  "player.rating_value": "레이팅 {rating} (± {rd})",
  "player.unrated": "아직 레이팅 경기가 없습니다. 레이팅 방에서 친구와 겨뤄 보세요.",
  "player.rating_chart": "레이팅 경기마다의 레이팅과 불확실성",
  "player.shares": "이긴 게임의 비율",
  "player.solitaires": "솔리테어",
  "player.people": "사람",
  "player.col.line": "게임",
  "player.col.played": "플레이",
  "player.col.won": "승리",
  "player.col.share": "승률",
  "player.col.streak": "연승",
  "player.col.best_streak": "최다 연승",
  "player.col.best_score": "최고 점수",
  "player.col.mean_score": "평균 점수",
  "player.col.fastest_moves": "최소 이동 승리",
  "player.col.fastest_time": "최단 시간 승리",
  "player.col.opponent": "상대",
  "player.col.matches": "매치",
  "player.col.matches_won": "이긴 매치",
  "player.col.hands": "핸드",
  "player.col.hands_won": "이긴 핸드",
  "player.col.gins": "진",
  "player.col.knocks": "노크",
  "player.col.undercuts_given": "언더컷 성공",
  "player.col.undercuts_suffered": "언더컷 당함",
  "player.col.mean_points": "핸드당 점수",
  "player.games": "최근 게임",
  "player.won": "승리",
  "player.lost": "패배",
  "player.score": "점수 {points}",
  "player.replay": "다시 보기",
  "player.none": "아직 끝난 게임이 없습니다.",
  "player.you": "내 플레이어",
  "player.device": "다른 기기에서 사용",
  "player.device_warning": "이 링크를 여는 사람은 누구나 당신으로 플레이합니다. 자신의 기기에서만 열고 아무에게도 보여 주지 마세요.",
  "player.device_qr": "링크의 QR 코드: 다른 기기로 스캔하세요",
  "player.copy": "링크 복사",
  "player.copied": "링크를 복사했습니다.",
  "player.reset": "새 비밀 키 만들기",
  "player.reset_confirm": "새 비밀 키를 만들까요? 당신으로 로그인한 다른 기기와 만든 링크가 모두 더 이상 작동하지 않습니다.",
  "player.reset_done": "새 비밀 키를 사용합니다. 예전 링크와 다른 기기로는 더 이상 로그인되지 않습니다.",
  "player.sign_out": "로그아웃",
  "player.sign_out_confirm": "이 기기에서 로그아웃할까요? 다른 기기의 링크가 없으면 이 플레이어로 돌아올 수 없습니다.",
  "player.signed_out": "이 기기에서 플레이어로 로그인되어 있지 않습니다.",
  "player.signed_out_reset": "다른 기기에서 플레이어의 비밀 키를 바꿔서 이 기기는 로그아웃됐어요. 새 기기 링크를 열어 다시 로그인하거나 새 플레이어로 시작하세요.",
  "player.unrated.aborted": "(레이팅 없음: 두 사람이 모두 두기 전에 중단됨)",
  "player.unrated.no_hand": "(레이팅 없음: 끝난 핸드가 없음)",
  "player.unrated.same_address": "(레이팅 없음: 두 플레이어가 같은 네트워크)",
  "player.unrated.pair_limit": "(레이팅 없음: 오늘 이 상대와 레이팅 매치 세 번 초과)",
  "player.new": "새 플레이어로 시작",
  "line.gin_rummy": "진 러미",
  "line.easy_harp": "Easy Harp",
  "line.reflechi_draw1": "Réfléchi, 1장 뽑기",
  "line.reflechi_draw3": "Réfléchi, 3장 뽑기",
  "board.title": "순위표",
  "board.ratings": "레이팅",
  "board.ratings_text": "레이팅이 충분히 확실한 플레이어(불확실성 {rd} 미만).",
  "board.col.rank": "순위",
  "board.col.name": "플레이어",
  "board.col.result": "결과",
  "board.col.margin": "점수 차",
  "board.col.hands": "핸드",
  "board.col.score": "점수",
  "board.col.moves": "이동",
  "board.col.time": "시간",
  "board.col.replay": "다시 보기",
  "board.col.rating": "레이팅",
  "board.col.games": "매치",
  "board.empty": "아직 순위에 든 사람이 없습니다.",
  "board.previous": "전날",
  "board.next": "다음 날",
  "board.you": "내 순위: {total}명 중 {rank}위",
  "board.replays_later": "플레이어마다 그날의 첫 시도만 순위에 듭니다. 다시 보기는 그날이 끝나면(UTC) 열립니다.",
  "board.left": "기권",
  "board.rules.gin_rummy": "순위: 끝까지 둔 매치(승리·패배)가 먼저, 기권은 그 아래예요(떠난 사람은 매치를 져요). 오늘 처음 온 플레이어는 먼저 아무 게임이나 하나 끝내야 순위에 들어요.",
  "board.rules.solitaire": "순위: 첫 도전만, 자리에 앉은 때부터 시간을 재고 힌트는 없어요. 끝날 때까지 같은 딜로 연습할 수 없어요. 오늘 처음 온 플레이어는 먼저 아무 게임이나 하나 끝내야 순위에 들어요.",
  "error.player_not_found": "그 id의 플레이어가 없습니다.",
  "error.no_board": "그런 순위표는 없습니다.",
  "error.bad_date": "그 날짜는 올바른 날이 아닙니다(YYYY-MM-DD).",
  "error.bad_secret": "이 기기의 플레이어 키가 손상되었습니다. 새 플레이어로 시작하거나 링크를 다시 사용하세요.",
  "error.unknown_player": "이 플레이어 키는 더 이상 쓸 수 없습니다(재설정되었거나 만료됨). 새 플레이어로 시작하세요.",
  "error.no_player": "이 기기에서 플레이어로 로그인되어 있지 않습니다.",
  "error.too_many_players": "같은 네트워크에서 새 플레이어가 너무 많이 만들어졌습니다. 나중에 다시 시도하세요.",
  "error.bad_settings": "설정이 너무 커서 플레이어와 함께 저장할 수 없습니다.",
  "error.signed_out": "이 기기는 로그아웃됐어요. 플레이어의 비밀 키가 바뀌었어요. 새 기기 링크로 다시 로그인하세요.",
  "error.ranked_unfinished": "오늘의 딜에 대한 순위 도전이 아직 끝나지 않았어요. 먼저 끝내 주세요(떠난 게임은 저절로 끝나요). 연습은 그다음에 할 수 있어요.",
  "error.ranked_no_help": "오늘의 딜 순위 도전에서는 힌트를 쓸 수 없어요. 순위는 스스로 찾은 수로 매겨요. 연습 게임에서는 쓸 수 있어요.",

  // ---- 배우기 페이지 -----------------------------------------------------------------------
  "learn.gin-rummy.summary": "두 사람이 카드를 가져오고 버리며, 열 장을 세트와 런으로 먼저 정리하려고 겨룹니다.",
  "learn.gin-rummy.rules": `
## 목표
두 사람이 52장짜리 카드 한 벌로 합니다. 각자 상대보다 먼저 손패를 묶음으로 정리하고, 상대가 높은 카드를 아직 들고 있을 때 판을 끝내려고 합니다.

## 카드 나누기
각자 10장을 받습니다. 그다음 카드 한 장을 앞면으로 펴서 버린 카드 더미를 시작합니다. 이 카드가 펴진 카드입니다. 나머지는 뒷면으로 놓아 더미가 됩니다. 점수가 난 판이 끝날 때마다 딜러가 바뀝니다.

## 묶음
- **세트**는 같은 숫자의 카드 3~4장입니다. 예: [7S] [7D] [7C].
- **런**은 같은 무늬의 연속한 카드 3장 이상입니다. 예: [4H] [5H] [6H].
- 에이스는 낮은 카드입니다. [AS] [2S] [3S] 카드는 런이지만 [QS] [KS] [AS] 카드는 런이 아닙니다.
- 카드 한 장은 묶음 하나에만 들어갑니다.

묶음은 게임이 알아서 찾아 주며, 묶음에 든 카드 아래에는 색깔 막대가 그려집니다. 어떤 카드가 세트에도 런에도 들어갈 수 있으면, 남은 카드 점수가 가장 적어지는 쪽을 고릅니다.

## 남은 카드
묶음에 끼지 못한 카드를 남은 카드라고 합니다. 에이스는 1점, 2부터 10까지는 숫자만큼, 잭·퀸·킹은 10점입니다. 내 남은 카드 점수는 언제나 손패 옆에 표시됩니다.

## 한 차례
- 카드 한 장을 가져옵니다: 더미의 맨 위 카드나 버린 카드 더미의 맨 위 카드.
- 그다음 손패에서 카드 한 장을 골라 버립니다.
- 버린 카드 더미에서 방금 가져온 카드는 같은 차례에 버릴 수 없습니다.

## 첫 차례
딜러가 아닌 사람이 펴진 카드를 가져가거나 넘길 수 있습니다. 넘기면 딜러에게 같은 선택이 주어집니다. 둘 다 넘기면 딜러가 아닌 사람이 더미에서 한 장 가져오며 시작합니다.

## 노크와 진
카드를 가져온 뒤, 한 장을 버렸을 때 남은 카드 점수가 10점 이하가 된다면 그 카드를 골라 그냥 버리는 대신 **노크**할 수 있습니다. 그러면 판이 끝납니다. 남은 카드가 하나도 없으면 **진**입니다. 노크는 의무가 아닙니다. 더 낮은 점수나 진을 노리며 계속해도 됩니다.

## 붙이기
노크한 뒤에는(진일 때는 아님) 수비하는 쪽의 낱장 카드를 노크한 쪽의 묶음에 붙입니다. 런은 양 끝으로 카드가 이어지는 만큼 길어지고, 세 장짜리 세트는 네 번째 카드를 받습니다. 이 일은 게임이 수비하는 쪽을 위해 대신 하며, 남은 카드가 가장 적어지는 방법을 고릅니다. 노크한 쪽은 카드를 붙이지 않습니다.

## 한 판의 점수
| 결과 | 점수를 얻는 사람 | 점수 |
|---|---|---|
| 노크, 노크한 쪽의 남은 카드가 더 적음 | 노크한 쪽 | 그 차이 |
| 노크, 수비하는 쪽이 같거나 더 적음: 언더컷 | 수비하는 쪽 | 25 + 그 차이 |
| 진 | 노크한 쪽 | 25 + 수비하는 쪽의 남은 카드 |
| 무승부 | 없음 | 0 |

## 무승부와 게임의 끝
노크하지 않고 카드를 버렸는데 더미에 카드가 두 장만 남으면 그 판은 무승부입니다. 아무도 점수를 얻지 못하고 같은 딜러가 다시 나눕니다. 쉰 번째 카드를 가져온 사람은 그래도 노크하거나 진을 할 수 있습니다. 한 사람이 100점에 닿을 때까지 판을 계속하며, 다른 보너스는 없습니다.

## 여기서 하는 방법
- 카드를 누르면 고르고, 다시 누르면 놓습니다. 카드를 끌어서 손패 안에서 자리를 옮길 수 있습니다.
- **정렬**은 묶음을 앞에, 나머지를 숫자순으로 놓습니다. **버린 카드 전체**는 버린 카드 더미의 모든 카드를 보여 줍니다.
- **버리기**와 **노크**는 고른 카드에 적용됩니다. 노크 버튼에는 노크했을 때의 남은 카드 점수가 나옵니다.
- 규칙에 맞지 않는 수는 거부되고, 테이블에 어떤 규칙 때문인지 표시됩니다.
- 키보드: Tab으로 모든 버튼에 갈 수 있습니다. 카드 위에서 Enter는 고르기, 왼쪽·오른쪽 화살표는 카드 사이 이동, Shift와 화살표는 손패 안에서 카드 옮기기, D는 버리기, K는 그 카드로 노크입니다.
- 테이블의 링크가 곧 초대장입니다. 친구에게 보내세요. 연결이 끊겨도 내 자리로 돌아옵니다.
- **오늘의 게임**은 보통 봇과 하며, 그날은 모두가 같은 카드를 받습니다.
`,
  "learn.gin-rummy.tips": `
## 카드 가져오기
- 버린 카드 더미의 카드는 묶음이 되거나 거의 될 때만 집고, 그렇지 않으면 더미에서 뽑으세요. 버린 카드 더미에서 가져간 카드는 상대도 봅니다.
- 짝과 거의 이어진 카드, 예를 들어 [5H] 카드와 [7H] 카드는 들고 있으세요. 여러 카드가 그것을 묶음으로 만들어 줄 수 있습니다.

## 카드 버리기
- 묶음에 들지 않는 높은 카드는 일찍 버리세요. 상대가 노크할 때 손에 남은 킹은 10점입니다.
- 상대가 무엇을 가져가고 무엇을 넘기는지 보세요. 상대가 모으는 카드가 보입니다. 그 카드는 내주지 마세요.

## 노크하기
- 할 수 있으면 일찍 노크하세요. 몇 점으로 빨리 하는 노크가 진을 기다리는 것보다 나을 때가 많습니다.
- 판 후반에 8, 9, 10점으로 노크하기 전에는 한 번 더 생각하세요. 상대가 거의 준비됐을 수 있고, 언더컷을 당하면 상대가 25점을 얻습니다.
- 노크하기 전에 내 런을 보세요. 그 양 끝에 수비하는 쪽이 카드를 붙입니다.

## 봇
- 쉬움 봇은 짝을 남기고 높은 카드를 버리며, 거의 다 됐을 때만 노크합니다.
- 보통 봇은 쓸모 있는 버린 카드라면 집어 가고, 내가 집어 간 카드를 기억해 두며, 노크할 수 있게 되면 미루지 않습니다.
- 어려움 봇은 보이지 않는 카드 가운데 무엇이 도움이 될지 따지고, 내가 원하는 카드는 내주지 않으며, 노크할 때를 고릅니다.
- 전문가 봇은 내가 가져간 카드와 넘긴 카드로 내 손패를 그려 보고, 버리기와 노크 하나하나를 그에 비추어 판단합니다. 봇은 언제나 그 자리의 플레이어가 볼 수 있는 것만 봅니다.
`,
  "learn.gin-rummy.history": `
## 둘이서 하는 러미
진 러미는 러미 가족에 속합니다. 카드를 세트와 런으로 모으는 카드 게임으로, 세계 곳곳에서 여러 형태로 즐깁니다. 그중 진은 두 사람이 하는 형태로, 20세기 초반 미국에서 크게 유행했습니다.

## 이 테이블의 규칙
진은 곳에 따라 조금씩 다른 규칙으로 합니다. 여기서는 에이스가 언제나 낮은 카드이고, 노크는 10점 이하일 때 할 수 있으며, 진과 언더컷은 각각 25점이고, 게임은 100점까지 하며 게임 보너스나 라인 보너스 같은 추가 점수는 없습니다.
`,
  "learn.gin-rummy.faq": `
## 남은 카드 점수가 뭔가요?
묶음에 들지 못한 카드들의 점수 합계입니다. 낮을수록 좋습니다.

## 노크할 수 있으면 꼭 해야 하나요?
아니요. 더 낮은 점수나 진을 노리며 계속해도 됩니다. 노크는 내 선택입니다.

## 내 카드를 상대의 묶음에 직접 붙여야 하나요?
아니요. 상대가 노크하면 내 낱장 카드를 상대 묶음에 어떻게 붙여야 가장 유리한지 게임이 계산해서, 그 결과를 보여 줍니다.

## 방금 가져온 카드는 왜 버릴 수 없나요?
그것이 규칙입니다. 버린 카드 더미에서 가져온 카드는 적어도 한 차례 손에 남아 있어야 합니다. 다른 카드는 버려도 됩니다.

## 언더컷이 뭔가요?
노크한 뒤, 수비하는 쪽의 남은 카드 점수(카드를 붙인 뒤)가 노크한 쪽과 같거나 더 낮으면 수비하는 쪽이 25점에 그 차이를 더해 얻습니다.

## 퀸, 킹, 에이스로 런을 만들 수 있나요?
아니요. 에이스는 낮은 카드입니다. 에이스, 2, 3은 런이지만 퀸, 킹, 에이스는 런이 아닙니다.

## 더미가 거의 떨어지면 어떻게 되나요?
그냥 버린 뒤 더미에 두 장만 남으면 그 판은 무승부입니다. 아무도 점수를 얻지 못하고 같은 딜러가 다시 나눕니다.

## 봇이 내 카드를 볼 수 있나요?
아니요. 봇은 그 자리의 플레이어가 보는 것만 받습니다. 자기 손패와 테이블뿐입니다.

## 오늘의 게임이 뭔가요?
보통 봇과 하는 매치로, 그날(UTC 기준) 하는 사람은 모두 판마다 같은 카드를 받습니다.

## 오늘의 게임 순위는 어떻게 정하나요?
그날의 첫 도전만 순위에 들어요. 끝까지 둔 매치가 먼저이고, 이긴 매치가 진 매치보다 위, 그다음은 점수 차로 정해요. 중간에 떠나거나 시간이 다 된 사람은 매치를 지고, 기권한 도전은 끝까지 둔 어떤 매치보다도 아래에 놓여요. 아무리 크게 진 매치라도요.

## 다른 플레이어로 오늘의 카드를 미리 볼 수 있지 않나요?
그날은 모두 같은 카드로 두니까 다른 플레이어로 먼저 볼 수는 있어요. 막을 수는 없고, 비용을 크게 할 뿐이에요. 오늘 만든 플레이어는 아무 게임이나 하나 끝내야(솔리테어 승리, 또는 진 러미 핸드 하나를 끝까지) 오늘의 순위표에 들어가요. 그 전의 첫 도전은 연습으로 쳐요.

## 언제 매치가 레이팅을 바꾸나요?
두 사람의 레이팅 매치는 두 사람 모두 스스로 한 번 이상 두었고(그 전에 떠난 매치는 중단돼요), 핸드가 하나 이상 끝났고, 두 플레이어가 마지막으로 같은 네트워크에서 접속하지 않았고, 그날(UTC) 서로 레이팅 매치를 이미 세 번 하지 않았을 때만 반영돼요.
`,
  "learn.gin-rummy.examples": `
예시마다 게임 엔진이 만든 실제 국면이 나오며, 나는 아래쪽 자리에 앉습니다. 버튼으로 수를 시험해 보거나 테이블에서 직접 두어 보세요. 규칙이 거부하는 수는 그 규칙을 보여 주고, 허용되는 수는 그대로 진행됩니다. **처음부터**를 누르면 국면이 처음으로 돌아갑니다.
`,

  "learn.easy-harp.summary": "카드 두 벌, 9개의 열, 한 번에 한 장: 말 그대로 인내의 게임입니다.",
  "learn.easy-harp.rules": `
## 요약
Easy Harp는 혼자서 카드 두 벌로 하는 게임입니다. 두 벌을 한데 섞으니 104장, 같은 카드가 두 장씩 들어 있습니다. 열에서는 색을 번갈아 가며 내림차순으로 쌓고 한 번에 한 장씩만 옮기며, 104장을 모두 무늬마다 두 개씩인 8개의 기초 더미에 에이스부터 킹까지 올립니다.

## 초기 배치
9개의 열에 1장, 2장, … 9장까지, 모두 45장을 놓습니다. 열마다 맨 끝 카드 한 장만 앞면으로 놓이고, 그 밑의 36장은 뒷면으로 깔립니다. 남은 59장은 뒷면으로 뽑기 더미가 됩니다. 버린 카드 더미와 기초 더미 8개의 자리는 처음에 비어 있습니다.

## 할 수 있는 수
- 열 위에 놓기: 카드는 색이 반대이고 정확히 한 단계 높은 앞면 카드 위에 놓습니다. 빨간색은 검은색 위에, 검은색은 빨간색 위에 놓습니다. [7H] 카드는 [8S] 카드나 [8C] 위에 갑니다.
- 모든 카드가 두 장씩 있으므로 검은색 6은 놓을 곳이 네 군데입니다: [7H] 두 장과 [7D] 두 장.
- 버린 카드 더미에서는 맨 위 카드만 쓸 수 있으며, 열이나 그 카드의 기초 더미로 옮깁니다.
- 뒷면 카드가 드러나면 저절로 앞면이 됩니다.

카드의 순서는 가장 낮은 에이스부터 킹까지입니다: 에이스, 2부터 10, 잭, 퀸, 킹.

## 한 번에 한 장
Easy Harp가 클론다이크와 갈라지는 지점이 바로 이 규칙입니다. 한 열에서 다른 열로 가는 것은 언제나 맨 위의 카드 한 장뿐입니다. [8S] [7H] [6C]처럼 이미 쌓인 묶음은 첫 카드가 다른 곳에 맞더라도 한꺼번에 옮길 수 없습니다. 위에서부터 한 장씩 풀어야 합니다. 그래도 옮기려고 하면 거부되며, 규칙 안내(기본으로 켜짐)가 켜져 있으면 게임이 그 규칙을 알려 줍니다. 예시 페이지에서 직접 해 볼 수 있습니다.

## 빈 열과 킹으로 시작하는 묶음
빈 열에는 킹만 놓을 수 있습니다. 한 번에 한 장 규칙에 예외가 있다면 바로 이것 하나입니다. 킹으로 시작해 색이 번갈아 나오며 내려가는 묶음(킹부터 에이스까지 최대 13장)은 빈 열로는 한꺼번에 옮길 수 있지만 다른 곳으로는 옮길 수 없습니다. 킹이 아닌 카드는 뒷면 카드를 드러내기 위해서라도 빈 열에 놓을 수 없습니다.

## 기초 더미
기초 더미는 무늬마다 두 개씩 모두 8개이며, 자리마다 무늬가 정해져 있습니다. 각 기초 더미는 에이스부터 킹까지 한 장씩 쌓습니다. 에이스가 들어갈 수 있는 곳은 같은 무늬의 빈 자리뿐입니다. 기초 더미 영역 아무 곳에나 카드를 놓으면 그 카드를 받는 첫 번째 자리로 갑니다.

## 뽑기 더미
뽑기 더미를 한 번 누를 때마다 한 장이 앞면으로 뒤집혀 버린 카드 더미 위에 놓입니다. 뽑기 더미를 다 쓰고 나서 한 번 더 누르면, 버린 카드가 순서를 바꾸지 않은 채 모두 뒷면으로 뽑기 더미에 돌아갑니다. 몇 번이든 무료로 다시 돌릴 수 있습니다.

## 게임의 끝
104장이 모두 기초 더미에 올라가면 이깁니다. 게임은 패배를 선언하지 않습니다. 쓸 만한 수가 남지 않으면 되돌리거나 새 배치를 시작하세요.

## 점수
| 수 | 점수 |
|---|---|
| 기초 더미로 올린 카드 한 장 (열이나 버린 카드 더미에서) | +10 |
| 버린 카드 더미에서 열로 놓은 카드 한 장 | +5 |
| 뒷면 카드가 앞면으로 뒤집힘 (드러낸 수의 점수와 별도) | +5 |
| 버린 카드를 모두 뽑기 더미로 돌려놓기 | 0 |
| 열끼리 옮기기 (한 장, 또는 킹 묶음) | 0 |
| 기초 더미의 카드를 다시 내리기 | 0 |

점수는 0점부터 세며, 아무리 깎여도 0점보다 낮아지지 않습니다. 카드 한 장은 다시 내렸다가 올려도 한 게임에 한 번만 기초 더미 점수를 받습니다. 기초 더미에서 카드를 가져오지 않고 이기면 언제나 1 220점(104 × 10 + 36 × 5)에, 버린 카드 더미에서 열로 옮긴 카드마다 5점이 더해집니다.

## 여기서 하는 방법
- 아무것도 저절로 움직이지 않고, 게임이 스스로 끝나지도 않습니다.
- 맨 위 카드를 한 번 누르면 그 카드를 받는 기초 더미로 갑니다. 빠르게 두 번 누르면(더블 탭 설정, 기본으로 켜짐) 기초 더미가 받지 않을 때 배치 영역에서 자리를 찾습니다. 먼저 가장 긴 열에서 찾고, 킹이라면 빈 열도 살핍니다.
- 카드를 끌어서 옮길 수도 있습니다. 기초 더미 맨 위의 카드를 끌어서 판으로 되돌려도 되며, 그래도 점수는 그대로입니다.
- **되돌리기**는 최근 100개까지의 동작을 되돌립니다. 그 동작의 점수는 사라지지만 이동 횟수는 줄지 않습니다.
- 키보드: Space로 카드를(그 위의 카드와 함께) 집고, 다른 더미에서 Space로 내려놓습니다. Enter는 한 번 누르기, Shift+Enter는 두 번 누르기, Escape는 내려놓기 취소입니다.
- 배치마다 1부터 999 999까지의 번호가 있으며 EH1-N-AAAAAAF 같은 코드로 표시됩니다. **새 게임**에서 새 배치(무작위), 오늘의 배치(그날 모두에게 같음), 같은 배치, 또는 원하는 코드를 고를 수 있습니다.
- **힌트**는 다음 수를 제안하고, **아직 이길 수 있나요?**는 서버의 풀이기에게 묻습니다.
`,
  "learn.easy-harp.tips": `
## 게임 열기
- 발목을 잡는 것은 뒷면 카드입니다. 카드를 드러내는 수를 먼저 두세요(5점도 얻습니다).
- 에이스와 2는 일찍 올리고, 높은 카드는 위에 쌓을 자리로 쓸모가 있는 동안 배치 영역에 두세요.
- 뽑기 더미를 돌려 무엇이 나올지 보세요. 비용이 들지 않습니다.

## 열
- 킹이 준비됐을 때만 열을 비우세요. 빈 열은 다른 카드를 받지 않습니다.
- 긴 묶음을 쌓기 전에 나중에 어떻게 풀지 생각하세요. 빈 열로 가는 킹 묶음을 빼면 묶음은 한 장씩만 움직입니다.
- 빈 열에 놓인 킹 묶음은 안전합니다. 다시 옮길 필요가 없습니다.

## 두 벌의 카드
- 모든 카드에는 쌍둥이가 있습니다. 7 한 장이 묻혀 있으면 다른 한 장을 찾아보세요.
- 카드 한 장이 갈 수 있는 기초 더미가 두 개일 수 있습니다. 같은 무늬의 두 자리를 모두 기억하세요.

## 막혔을 때
- 되돌리기는 쓰라고 있는 것입니다. 한 가지 길을 시험해 보고 막히면 되돌리세요.
- **아직 이길 수 있나요?**는 지금 위치에서 아직 이길 수 있는지 알려 줍니다.
`,
  "learn.easy-harp.history": `
## 두 벌로 하는 페이션스
혼자 하는 카드 게임인 페이션스는 18세기 말부터 즐겨 왔습니다. 그중 가장 잘 알려진 것은 1890년대 캐나다의 골드러시에서 이름을 따온 것으로 보이는 클론다이크이며, Easy Harp도 그 가족에 속합니다. 색을 번갈아 내려가며 쌓는 열, 뽑기 더미, 에이스부터 킹까지 올리는 기초 더미가 그 특징입니다.

## 무엇이 다른가
Easy Harp는 카드를 두 벌로 늘리고, 배치 영역을 9개의 열로 넓히고, 빈 열로 가는 킹 묶음을 빼고는 묶음을 통째로 옮기는 것을 없앴습니다. 긴 묶음은 한 장씩 쌓고 한 장씩 풀어야 합니다. 말 그대로 인내의 게임입니다.
`,
  "learn.easy-harp.faq": `
## 왜 내 묶음을 다른 열로 옮길 수 없나요?
열 사이에서는 한 번에 한 장만 움직입니다. 묶음을 통째로 옮길 수 있는 것은 킹으로 시작하는 묶음을 빈 열로 옮길 때뿐입니다.

## 왜 퀸을 빈 열에 놓을 수 없나요?
빈 열에는 킹만 놓을 수 있습니다. 다른 카드를 옮기면 뒷면 카드가 드러나는 경우에도 마찬가지입니다.

## 왜 에이스가 같은 무늬의 두 번째 자리로 갔나요?
8개의 자리는 무늬마다 두 개씩 정해져 있습니다. 카드는 그 카드를 받는 첫 번째 자리로 가고, 에이스는 같은 무늬의 빈 자리로만 갑니다.

## 뽑기 더미를 다시 돌리면 점수가 깎이나요?
아니요. Easy Harp에서는 뽑기 더미를 몇 번이든 무료로 다시 돌릴 수 있습니다.

## 되돌리기를 하면 이동 횟수도 돌아오나요?
되돌리기는 국면을 되돌리고 그 동작의 점수를 없애지만, 이동 횟수는 계속 셉니다.

## 배치 코드가 뭔가요?
배치마다 1부터 999 999까지의 번호가 있습니다. EH1-N-AAAAAAF라는 코드는 Easy Harp, 배치 방식 1, 유일한 옵션 N, 그리고 글자로 쓴 번호(A는 0, B는 1, 이런 식)를 뜻하며, AAAAAAF는 5번 배치입니다. 같은 코드는 뽑기 더미까지 언제나 같은 배치를 만들므로 친구에게 보낼 수 있습니다.

## 오늘의 배치가 뭔가요?
그날(UTC 기준) 모두에게 같은 배치로, 서버의 풀이기가 이길 수 있다고 증명한 배치 가운데서 고릅니다.

## 모든 배치를 이길 수 있나요?
아니요. 풀이기가 이기는 방법을 찾은 배치만 하고 싶다면 새 게임 창에서 "이길 수 있는 배치만"을 켜세요.

## 다시 올린 카드는 왜 점수를 받지 못했나요?
카드 한 장은 한 게임에 한 번만 기초 더미 점수를 받습니다. 그래서 카드를 내렸다 올려도 점수가 늘지 않습니다.

## 오늘의 딜 순위는 어떻게 정하나요?
그날의 첫 도전만 순위에 들고, 시간은 첫수가 아니라 자리에 앉은 때부터 재요. 그 도전에서는 힌트와 "아직 이길 수 있나요?"를 쓸 수 없고, 끝날 때까지 같은 딜로 연습 게임을 열 수 없어요(떠난 게임은 한 시간 뒤 저절로 끝나요). 그다음에는 마음껏 연습하세요.

## 다른 플레이어로 오늘의 딜을 미리 볼 수 있지 않나요?
그날은 모두 같은 딜을 받으니까 다른 플레이어로 먼저 볼 수는 있어요. 막을 수는 없고, 비용을 크게 할 뿐이에요. 오늘 만든 플레이어는 아무 게임이나 하나 끝내야(솔리테어 승리, 또는 진 러미 핸드 하나를 끝까지) 오늘의 순위표에 들어가요. 그 전의 첫 도전은 연습으로 쳐요.
`,
  "learn.easy-harp.examples": `
예시마다 게임 엔진이 만든 실제 Easy Harp 국면이 나옵니다. 버튼으로 수를 시험해 보거나 판에서 직접 두어 보세요(한 번 누르기, 두 번 누르기, 끌기). 규칙이 거부하는 수는 그 규칙을 보여 주고, 허용되는 수는 그대로 진행됩니다. **처음부터**를 누르면 국면이 처음으로 돌아갑니다.
`,

  "learn.reflechi.summary": "모든 카드가 앞면인 클론다이크: 숨겨진 것은 없고, 모든 것을 생각해서 둡니다.",
  "learn.reflechi.rules": `
## 요약
Solitaire Réfléchi는 배치 영역 전체를 앞면으로 나누는 클론다이크입니다. 52장 한 벌로, 색을 번갈아 내려가며 쌓고, 정렬된 묶음을 옮기며, 모든 카드를 4개의 기초 더미에 에이스부터 킹까지 올립니다.

## 초기 배치
7개의 열에 1장, 2장, … 7장까지, 모두 28장을 앞면으로 놓습니다. 각 열의 마지막 카드만 보이는 클론다이크와 다른 점은 이것뿐입니다. 나머지 24장은 뒷면으로 뽑기 더미가 됩니다. 버린 카드 더미와 기초 더미 4개는 비어 있는 채로 시작합니다.

## 할 수 있는 수
- 열 위에 놓기: 카드는 열의 마지막 카드와 색이 반대이고 정확히 한 단계 낮으면 그 위에 놓을 수 있습니다. [7H] 카드는 [8S] 카드나 [8C] 위에 갑니다.
- 버린 카드 더미에서는 맨 위 카드만 쓸 수 있으며, 열이나 그 카드의 기초 더미로 옮깁니다.
- 기초 더미로: 열 끝의 카드나 버린 카드 더미 맨 위의 카드가 하나씩 올라갑니다.

카드의 순서는 가장 낮은 에이스부터 킹까지입니다: 에이스, 2부터 10, 잭, 퀸, 킹.

## 묶음
열 중간의 카드는 그 위의 카드들이 이미 묶음을 이룰 때 함께 옮길 수 있습니다. 묶음은 색이 번갈아 나오고 각 카드가 아래 카드보다 한 단계 낮아야 합니다. 그러니 가장 긴 묶음도 킹에서 에이스까지, 13장을 넘지 않습니다. 판 위의 카드가 다 보인다고 해서, 아무 카드나 들어 옮길 수 있는 것은 아닙니다. 위의 카드들이 순서대로가 아니면 이동은 거부됩니다. 예시 페이지에서 첫 번째 배치로 직접 볼 수 있습니다.

## 빈 열
빈 열에는 킹만 놓을 수 있습니다. 킹 한 장이나, 그 위에 정렬된 묶음과 함께 옮깁니다.

## 기초 더미
각 기초 더미는 한 무늬만 받으며 에이스부터 킹까지 한 장씩 쌓습니다. 자리는 스페이드, 하트, 다이아몬드, 클럽 순으로 정해져 있습니다. 카드를 기초 더미 쪽으로 끌면 알맞은 자리를 스스로 찾습니다.

## 뽑기 더미
새 게임 창에서 고릅니다:
- 1장 뽑기(쉬움, 기본): 한 번에 한 장씩 나오니, 뽑기 더미의 카드는 모두 차례가 옵니다.
- 3장 뽑기(어려움): 누를 때마다 세 장을 뒤집어 버린 카드 더미에 펼칩니다. 그중 맨 위의 한 장만 쓸 수 있고, 그것을 쓰고 나야 밑의 카드 차례가 됩니다.

뽑기 더미를 다 쓰고 나서 한 번 더 누르면, 버린 카드가 순서 그대로 모두 뽑기 더미로 돌아갑니다. 몇 번이든 다시 돌릴 수 있지만 돌릴 때마다 100점이 깎입니다.

## 게임의 끝
52장이 모두 기초 더미에 올라가면 이깁니다. 게임은 패배를 선언하지 않습니다. 쓸 만한 수가 남지 않으면 되돌리거나 새 배치를 시작하세요.

## 점수
| 수 | 점수 |
|---|---|
| 기초 더미로 올린 카드 한 장 | +10 |
| 버린 카드 더미에서 열로 놓은 카드 한 장 | +5 |
| 버린 카드를 모두 뽑기 더미로 돌려놓기 | −100 |
| 열끼리 옮기기, 또는 기초 더미의 카드를 다시 내리기 | 0 |

점수는 0점부터 세며 0점보다 낮아지지 않으므로, 초반에 되돌리면 실제로는 100점보다 적게 깎일 수 있습니다. 기초 더미에 올린 52장은 520점이 됩니다. 이겼을 때의 점수는 이 520점에 버린 카드 더미에서 열로 옮긴 카드 한 장당 5점이 붙고, 뽑기 더미를 돌리느라 잃은 점수가 빠진 값입니다. 점수 계산에는 뒷면 카드가 앞면이 될 때의 +5도 있지만, 여기서는 뒷면 카드가 없으므로 일어나지 않습니다.

## 여기서 하는 방법
- 아무것도 저절로 움직이지 않고, 게임이 스스로 끝나지도 않습니다. 열 끝의 카드나 버린 카드 더미 맨 위의 카드는 한 번 누르면 기초 더미로 올라갑니다. 빠르게 두 번 누르면(더블 탭 설정) 기초 더미가 받지 않을 때 배치 영역에서 자리를 찾습니다. 먼저 가장 긴 열에서 찾고, 킹이라면 빈 열도 살핍니다. 카드를 끌어서 옮길 수도 있습니다.
- 기초 더미 맨 위의 카드를 끌어서 판으로 되돌려도 되며, 그래도 점수는 그대로입니다.
- **되돌리기**는 최근 100개까지의 동작을 되돌립니다. 그 동작의 점수는 사라지지만 이동 횟수는 줄지 않습니다.
- **규칙 안내**(기본으로 켜짐): 이동이 거부되면 그것을 막는 규칙을 보여 줍니다.
- 배치마다 붙는 TF1-D1N-AAAAAAB 같은 코드를 넣으면, 뽑기 더미의 순서까지 그대로 같은 판이 다시 나옵니다. **새 게임**에서 새 배치, 오늘의 배치, 같은 배치, 또는 원하는 코드를 1장 뽑기나 3장 뽑기로 고를 수 있습니다.
- 키보드: Space로 카드를 집고, 다른 더미에서 Space로 내려놓습니다. Enter는 한 번 누르기, Shift+Enter는 두 번 누르기, Escape는 내려놓기 취소입니다.
`,
  "learn.reflechi.tips": `
## 첫 수를 두기 전에
- 배치 영역의 모든 카드가 보입니다. 묻혀 있는 에이스와 2, 그리고 그것을 덮고 있는 카드를 찾아보세요.
- 묻힌 카드를 꺼내는 데 몇 수가 필요한지 세어 본 뒤 시작하세요. 가장 많은 카드를 풀어 주는 열부터 손대세요.

## 묶음과 열
- 묶음을 순서대로 유지하세요. 순서가 어긋난 더미는 위에서부터 한 장씩만 풀 수 있습니다.
- 빈 열은 아주 귀합니다. 가장 많은 카드를 풀어 주는 킹으로 채우세요.
- 아직 위에 쌓을 자리로 필요한 카드를 서둘러 기초 더미로 올리지 마세요.

## 뽑기 더미
- 뽑기 더미를 돌릴 때마다 100점이 깎입니다. 계획을 세우고 돌리세요.
- 3장 뽑기에서는 버린 카드 더미의 카드를 쓰면 다음번에 뒤집히는 카드가 달라집니다. 카드 한 장을 쓰는 것이 필요한 카드를 풀어 주는 길일 때도 있습니다.

## 막혔을 때
- **힌트**는 다음 수를 제안하고, **아직 이길 수 있나요?**는 아직 이길 수 있는지 알려 줍니다.
`,
  "learn.reflechi.history": `
## 생각해서 두는 클론다이크
클론다이크는 가장 잘 알려진 페이션스 게임으로, 1890년대 캐나다의 골드러시에서 이름을 따온 것으로 보입니다. 모든 카드를 앞면으로 나누면 게임의 성격이 바뀝니다. 숨겨진 카드에 달린 것이 없어지고, 미리 계획하는 게임이 됩니다. 프랑스어 réfléchi는 "곰곰이 생각한"이라는 뜻이며, 이 게임이 바라는 것이 바로 그것입니다.

## 생각하는 사람과 컴퓨터의 게임
배치 영역의 모든 카드가 보이면 게임 전체를 미리 풀어 볼 수 있습니다. 수학자와 컴퓨터 과학자들은 이런 클론다이크를, 때로는 Thoughtful Solitaire라는 이름으로 연구해 왔습니다. 바로 프로그램이 이기는 길을 찾아볼 수 있기 때문입니다.
`,
  "learn.reflechi.faq": `
## 모든 카드가 보이는데 왜 이 더미를 옮길 수 없나요?
고른 카드 위의 카드들이 묶음을 이룰 때만 더미가 움직입니다. 묶음은 색이 번갈아 나오고 각 카드가 아래 카드보다 한 단계 낮아야 합니다. 눈에 보인다는 것과 옮길 수 있다는 것은 다른 이야기입니다.

## 3장 뽑기는 무엇이 다른가요?
누를 때마다 세 장이 뒤집히고, 마지막 카드만 쓸 수 있습니다. 그 카드를 쓰면 아래 카드를 쓸 수 있게 됩니다. 1장 뽑기는 한 장씩 뒤집습니다.

## 왜 점수가 100점보다 적게 깎였나요?
버린 카드를 되돌리면 100점이 깎이지만, 점수는 0 아래로 내려가지 않습니다.

## 게임 코드가 뭔가요?
TF1-D1N-AAAAAAB 같은 코드는 배치 하나를 가리킵니다. TF1은 배치 방식 1의 Réfléchi, D1N은 1장 뽑기(D3N은 3장 뽑기), 일곱 글자는 배치 번호입니다(A는 0, B는 1, 이런 식). 같은 코드는 뽑기 더미까지 언제나 같은 배치를 만듭니다.

## 모든 배치를 이길 수 있나요?
아니요. 모든 카드가 보여도 그렇습니다. 풀이기가 이기는 방법을 찾은 배치만 하고 싶다면 새 게임 창에서 "이길 수 있는 배치만"을 켜세요. 오늘의 배치는 언제나 이길 수 있습니다.

## 클론다이크와 무엇이 다른가요?
카드를 나누는 방법만 다릅니다. 배치 영역의 모든 카드가 앞면입니다. 수, 묶음, 뽑기 더미는 클론다이크와 같습니다.

## 오늘의 딜 순위는 어떻게 정하나요?
그날의 첫 도전만 순위에 들고, 시간은 첫수가 아니라 자리에 앉은 때부터 재요. 그 도전에서는 힌트와 "아직 이길 수 있나요?"를 쓸 수 없고, 끝날 때까지 같은 딜로 연습 게임을 열 수 없어요(떠난 게임은 한 시간 뒤 저절로 끝나요). 그다음에는 마음껏 연습하세요.

## 다른 플레이어로 오늘의 딜을 미리 볼 수 있지 않나요?
그날은 모두 같은 딜을 받으니까 다른 플레이어로 먼저 볼 수는 있어요. 막을 수는 없고, 비용을 크게 할 뿐이에요. 오늘 만든 플레이어는 아무 게임이나 하나 끝내야(솔리테어 승리, 또는 진 러미 핸드 하나를 끝까지) 오늘의 순위표에 들어가요. 그 전의 첫 도전은 연습으로 쳐요.
`,
  "learn.reflechi.examples": `
예시마다 게임 엔진이 만든 실제 Solitaire Réfléchi 국면이 나옵니다. 버튼으로 수를 시험해 보거나 판에서 직접 두어 보세요(한 번 누르기, 두 번 누르기, 끌기). 규칙이 거부하는 수는 그 규칙을 보여 주고, 허용되는 수는 그대로 진행됩니다. **처음부터**를 누르면 국면이 처음으로 돌아갑니다.
`,

  // ---- 예시 (server/examples) ------------------------------------------------------------
  "ex.gin-rummy.melds.title": "묶음과 남은 카드",
  "ex.gin-rummy.melds.text": `
아래에 색깔 막대가 있는 카드가 내 묶음입니다. 여기서는 7 세 장입니다. 나머지는 모두 남은 카드이며, 그 점수가 손패 옆에 나옵니다. 버린 카드 더미의 [7H] 카드는 두 곳에 맞습니다. 네 번째 7로도, [5H] [6H] [7H] 런으로도 들어갈 수 있습니다. 가져가서 게임이 고르는 것을 보세요. 런과 세트를 함께 만드는 쪽이 남은 카드가 가장 적습니다.

차례는 카드를 가져오면서 시작합니다. 먼저 노크하는 것은 거부됩니다.
`,
  "ex.gin-rummy.melds.try.knock": "가져오기 전에 노크",
  "ex.gin-rummy.melds.try.take": "7♥ 가져오기",
  "ex.gin-rummy.just-taken.title": "방금 가져온 카드",
  "ex.gin-rummy.just-taken.text": `
더미에서 [9D] 카드를 가져오세요. 9 세 장이 됩니다. 이제 그 카드를 바로 다시 버려 보세요. 버린 카드 더미에서 가져온 카드는 같은 차례에 버릴 수 없으므로 거부됩니다. [KH] 같은 다른 카드를 버리세요.
`,
  "ex.gin-rummy.just-taken.try.same": "9♦를 가져와서 버리기",
  "ex.gin-rummy.just-taken.try.other": "9♦를 가져오고 K♥ 버리기",
  "ex.gin-rummy.upcard-offer.title": "펴진 카드 제안",
  "ex.gin-rummy.upcard-offer.text": `
판은 제안으로 시작합니다. 딜러가 아닌 사람, 여기서는 내가 펴진 카드 [6S] 카드를 가져가거나 넘길 수 있습니다. 먼저 더미에서 가져오는 것은 거부됩니다. [6S] 카드는 내 런 [3S] [4S] [5S] 카드를 늘려 주므로 가져가세요. 넘기면 상대에게 같은 선택이 주어집니다.
`,
  "ex.gin-rummy.upcard-offer.try.stock": "더미에서 가져오기",
  "ex.gin-rummy.upcard-offer.try.take": "6♠ 가져오기",
  "ex.gin-rummy.upcard-offer.try.pass": "넘기기",
  "ex.gin-rummy.both-passed.title": "둘 다 넘긴 뒤",
  "ex.gin-rummy.both-passed.text": `
내가 [6S] 카드를 넘겼고 상대도 넘겼습니다. 이제 내가 시작하며, 첫 카드는 더미에서 가져와야 합니다. 펴진 카드는 이미 두 사람 모두에게 제안되었습니다. 지금 그 카드를 가져가는 것은 거부됩니다.
`,
  "ex.gin-rummy.both-passed.try.pile": "6♠ 가져오기",
  "ex.gin-rummy.both-passed.try.stock": "더미에서 가져오기",
  "ex.gin-rummy.knock.title": "노크와 붙이기",
  "ex.gin-rummy.knock.text": `
나는 묶음 세 개와 낱장 두 장, [3D] 카드와 [KD] 카드를 들고 있습니다. [KD] 카드로 노크하면 남은 카드는 3점입니다. 여기서는 상대의 손패가 펼쳐져 있습니다. 노크한 뒤 게임은 상대의 [7H] 카드를 내 하트 런에, [8H] 카드를 내 8 세트에, [4C] 카드를 내 클럽 런에 붙입니다. 상대에게 남은 카드가 가장 적어지는 방법입니다. 상대에게 남은 점수를 내 3점과 비교해서 그 차이를 내가 얻습니다.

묶음에 든 카드로 노크하면 남은 카드가 너무 많아지므로 거부됩니다.
`,
  "ex.gin-rummy.knock.try.high": "4♥로 노크",
  "ex.gin-rummy.knock.try.knock": "K♦로 노크",
  "ex.gin-rummy.undercut.title": "언더컷",
  "ex.gin-rummy.undercut.text": `
[KS] 카드로 노크하면 내 남은 카드는 [8D] 하나, 8점입니다. 상대의 낱장은 17점이라 이긴 것처럼 보입니다. 하지만 상대의 [5H] 카드는 내 하트 런에, [9H] 카드는 내 9 세트에 붙고, 상대에게는 3점만 남습니다. 수비하는 쪽의 남은 카드가 노크한 쪽과 같거나 더 적으면 언더컷입니다. 수비하는 쪽이 25점에 차이를 더해 얻습니다. 여기서는 25 + 8 − 3 = 30점입니다.
`,
  "ex.gin-rummy.undercut.try.knock": "K♠로 노크",
  "ex.gin-rummy.gin.title": "진",
  "ex.gin-rummy.gin.text": `
[9D] 카드를 버리면 남은 카드가 하나도 없습니다. 그 카드로 노크하면 진입니다. 진 뒤에는 아무것도 붙이지 않습니다. 내 스페이드 런에 맞는 [4S]도 붙지 않으며, 나는 25점에 상대의 남은 카드 점수를 모두 더해 얻습니다.

대신 묶음에 든 카드로 노크하면 23점이 남으므로 거부됩니다.
`,
  "ex.gin-rummy.gin.try.high": "7♥로 노크",
  "ex.gin-rummy.gin.try.gin": "9♦로 노크: 진",

  "ex.easy-harp.built-run.title": "쌓인 묶음은 한 장씩 움직입니다",
  "ex.easy-harp.built-run.text": `
첫 번째 열은 [8S] [7H] [6C] 묶음으로 끝납니다. 첫 카드는 [9D] 위에 맞지만, 묶음을 통째로 옮길 수는 없습니다. 열 사이에서는 한 번에 한 장만 움직입니다. 대신 위에서부터 푸세요. [6C] 카드는 [7D] 위로 갑니다.
`,
  "ex.easy-harp.built-run.try.run": "묶음을 9♦ 위로 옮기기",
  "ex.easy-harp.built-run.try.one": "6♣를 7♦ 위로 옮기기",
  "ex.easy-harp.king-run.title": "킹 묶음을 빈 열로",
  "ex.easy-harp.king-run.text": `
킹으로 시작하는 묶음이 유일한 예외입니다. [KS] [QH] [JC] 카드는 비어 있는 두 번째 열로 통째로 옮길 수 있고, 그 아래의 뒷면 카드가 앞면이 됩니다(+5). 킹이 빠진 같은 묶음 [QH] [JC] 카드는 함께 옮길 수 없습니다.
`,
  "ex.easy-harp.king-run.try.queen": "Q♥ J♣를 빈 열로 옮기기",
  "ex.easy-harp.king-run.try.king": "K♠ Q♥ J♣를 빈 열로 옮기기",
  "ex.easy-harp.empty-column.title": "빈 열에는 킹만",
  "ex.easy-harp.empty-column.text": `
[QD] 카드를 비어 있는 다섯 번째 열로 옮기면 뒷면 카드가 드러나겠지만, 그곳에는 킹만 갈 수 있습니다. 대신 버린 카드 더미의 [KC] 카드를 옮기세요(+5). 그러면 [QD] 카드를 그 위에 놓을 수 있습니다.
`,
  "ex.easy-harp.empty-column.try.queen": "Q♦를 빈 열로 옮기기",
  "ex.easy-harp.empty-column.try.king": "K♣를 그곳에 놓기",
  "ex.easy-harp.empty-column.try.then": "K♣를 놓고 그 위에 Q♦",
  "ex.easy-harp.four-places.title": "두 벌: 검은색 6이 갈 수 있는 네 곳",
  "ex.easy-harp.four-places.text": `
모든 카드가 두 장씩 있으므로 버린 카드 더미의 [6S] 카드는 갈 곳이 네 군데입니다. [7H] 두 장과 [7D] 두 장입니다. 아무 곳에나 놓아 보거나 6을 두 번 누르세요. 두 번 누르면 맞는 열 가운데 가장 긴 열로 갑니다. 검은색 [7C] 카드는 검은색 6을 받지 않습니다.
`,
  "ex.easy-harp.four-places.try.black": "6♠를 7♣ 위에 놓기",
  "ex.easy-harp.four-places.try.red": "6♠를 7♥ 위에 놓기",
  "ex.easy-harp.four-places.try.double": "6♠를 두 번 누르기",
  "ex.easy-harp.foundations.title": "무늬마다 두 개, 기초 더미 8개",
  "ex.easy-harp.foundations.text": `
기초 더미의 자리마다 무늬가 있고, 무늬마다 자리가 두 개입니다. 첫 번째 하트 자리에는 이미 에이스가 있으므로 다음에는 [3H] 카드가 아니라 [2H] 카드를 받습니다. 두 번째 [AH] 카드는 스페이드 자리에 놓을 수 없습니다. 누르면 비어 있는 하트 자리를 스스로 찾아갑니다.
`,
  "ex.easy-harp.foundations.try.slot": "A♥를 스페이드 자리에 놓기",
  "ex.easy-harp.foundations.try.order": "3♥를 A♥ 위에 놓기",
  "ex.easy-harp.foundations.try.tap": "A♥ 누르기",

  "ex.reflechi.unordered-run.title": "보인다고 다 옮길 수 있는 것은 아닙니다",
  "ex.reflechi.unordered-run.text": `
첫 번째 배치, TF1-D1N-AAAAAAB입니다. 여섯 번째 열의 [9D] 카드는 [TC] 위에 맞지만, 그 위에 [5D] 카드가 있고 두 장은 묶음이 아닙니다. 그래서 이 더미는 옮길 수 없습니다. 카드는 이미 순서대로일 때만 함께 움직입니다. 대신 [AH] 카드를 올리세요. 그러면 [TH] 카드를 [JC] 위에 놓을 수 있습니다.
`,
  "ex.reflechi.unordered-run.try.stack": "9♦ 5♦를 10♣ 위로 옮기기",
  "ex.reflechi.unordered-run.try.ace": "A♥ 누르기",
  "ex.reflechi.unordered-run.try.ten": "A♥를 올리고 10♥를 J♣ 위로",
  "ex.reflechi.ordered-run.title": "정렬된 묶음은 한꺼번에 움직입니다",
  "ex.reflechi.ordered-run.text": `
[9H] [8C] [7D] 카드는 묶음입니다. 색이 번갈아 나오고 한 장씩 낮아집니다. 그래서 통째로 [TC] 위로 옮길 수 있습니다. 그 아래의 [KS]까지 함께 집으면 더 이상 묶음이 아니므로 네 장을 함께 옮길 수 없습니다.
`,
  "ex.reflechi.ordered-run.try.king": "K♠를 묶음과 함께 옮기기",
  "ex.reflechi.ordered-run.try.run": "9♥ 8♣ 7♦를 10♣ 위로 옮기기",
  "ex.reflechi.empty-column.title": "빈 열은 킹을 받습니다",
  "ex.reflechi.empty-column.text": `
네 번째 열이 비어 있습니다. [QH] [JS] 카드는 묶음이지만 킹으로 시작하지 않으므로 거부됩니다. [KD] 카드는 그 위의 묶음 [QC] [JH] 카드와 함께 통째로 그곳에 갈 수 있습니다.
`,
  "ex.reflechi.empty-column.try.queen": "Q♥ J♠를 빈 열로 옮기기",
  "ex.reflechi.empty-column.try.king": "K♦ Q♣ J♥를 그곳으로 옮기기",
  "ex.reflechi.draw-three.title": "3장 뽑기: 마지막 카드만 쓸 수 있습니다",
  "ex.reflechi.draw-three.text": `
3장 뽑기에서는 한 번 누를 때마다 카드 세 장이 뒤집혀 버린 카드 더미에 펼쳐집니다. 마지막 카드인 [AS]만 쓸 수 있습니다. 그 아래의 [9D] 카드는 [TS] 위에 맞지만 거부됩니다. 에이스를 올리면 [9D] 카드를 쓸 수 있게 됩니다.
`,
  "ex.reflechi.draw-three.try.middle": "9♦를 10♠ 위로 옮기기",
  "ex.reflechi.draw-three.try.last": "A♠ 누르기",
  "ex.reflechi.draw-three.try.freed": "A♠를 올리고 9♦를 10♠ 위로",
};
