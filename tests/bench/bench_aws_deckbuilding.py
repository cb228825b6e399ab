"""AWS Deckbuilding Game: AI-vs-AI 2-player games per second (one core's CPU time) and the AI's win
rate against the random level over 1,000 seeded 2-player games."""

from __future__ import annotations

from tests.bench.timing import report_two_player_ai


def main() -> None:
    report_two_player_ai("aws-deckbuilding", target_rate=50, target_wins=0.9)


if __name__ == "__main__":
    main()
