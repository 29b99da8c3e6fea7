"""Random inputs of `grundy batch`, shared by bench/batch.sh and
bench/ab.sh: `write(work, count, rng)` writes COUNT Wythoff positions (two
heaps up to 10^12) to WORK/wythoff.txt and COUNT legal game31 prefixes to
WORK/game31.txt, drawing from `rng` in that order."""


def write(work, count, rng):
    with open(f"{work}/wythoff.txt", "w") as f:
        for _ in range(count):
            f.write(f"{rng.randint(0, 10**12)} {rng.randint(0, 10**12)}\n")
    # game31: cards 1..6, four of each; a card may be played while the
    # total stays <= 31. A prefix is a random number of random legal plays.
    with open(f"{work}/game31.txt", "w") as f:
        for _ in range(count):
            left, total, played = [4] * 7, 0, []
            want = rng.randint(0, 12)
            while len(played) < want:
                legal = [c for c in range(1, 7) if left[c] and total + c <= 31]
                if not legal:
                    break
                c = rng.choice(legal)
                left[c] -= 1
                total += c
                played.append(str(c))
            f.write(("".join(played) or "-") + "\n")
