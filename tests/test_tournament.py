"""The tournament tool: mirrored pairs, counts that add up, a readable summary."""

from server.games.gin_rummy.tournament import main, play_match, play_pair


def test_a_mirrored_pair_plays_the_same_seed_with_seats_swapped():
    result = play_pair(("normal", "easy", 12345, 30))
    assert result.a_wins in (0, 1, 2)
    wins = result.sides[0].matches_won + result.sides[1].matches_won
    assert wins == 2  # two matches, one winner each
    # Every hand is won by one side or is dead.
    hands_won = result.sides[0].hands_won + result.sides[1].hands_won
    assert hands_won + result.dead == result.hands


def test_the_same_seed_gives_the_same_match():
    first = play_match(("hard", "simple"), (0, 1), 99, 40)
    again = play_match(("hard", "simple"), (0, 1), 99, 40)
    assert [s.points for s in first[0]] == [s.points for s in again[0]]
    assert first[1:] == again[1:]


def test_the_command_prints_the_figures(capsys):
    main(["easy", "simple", "--pairs", "3", "--seed", "5", "--target", "20"])
    out = capsys.readouterr().out
    assert "easy vs simple: 3 mirrored pairs (6 matches to 20)" in out
    assert "match win share of easy" in out and "95% CI" in out
    assert "points per hand" in out and "decision time mean" in out
