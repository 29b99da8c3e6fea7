// A plain retrograde BFS for `ring` (the Berzerk problem), the way a
// contest solution writes it: the reference bench/ring.sh times grundy
// against. Usage: ring_bfs N A_STEPS B_STEPS (steps comma-separated).
// Prints {"a_first": [...], "b_first": [...]} like `grundy --json`.
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <string>
#include <utility>
#include <vector>

static std::vector<int> steps(const char *s) {
    std::vector<int> v;
    std::string t(s);
    size_t i = 0;
    while (i < t.size()) {
        size_t j = t.find(',', i);
        if (j == std::string::npos) j = t.size();
        v.push_back(std::atoi(t.substr(i, j - i).c_str()));
        i = j + 1;
    }
    return v;
}

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    int n = std::atoi(argv[1]);
    std::vector<int> s[2] = {steps(argv[2]), steps(argv[3])};
    // state: 0 unknown, 1 win, 2 lose (for the player to move)
    std::vector<int> state[2] = {std::vector<int>(n), std::vector<int>(n)};
    std::vector<int> count[2] = {std::vector<int>(n), std::vector<int>(n)};
    std::queue<std::pair<int, int>> q;
    for (int w = 0; w < 2; w++) {
        state[w][0] = 2;
        q.push({0, w});
    }
    while (!q.empty()) {
        auto [p, who] = q.front();
        q.pop();
        int prev_who = 1 - who;
        for (int k : s[prev_who]) {
            int prev = (p - k + n) % n;
            if (prev == 0 || state[prev_who][prev]) continue;
            if (state[who][p] == 2) {
                state[prev_who][prev] = 1;
                q.push({prev, prev_who});
            } else if (++count[prev_who][prev] == (int)s[prev_who].size()) {
                state[prev_who][prev] = 2;
                q.push({prev, prev_who});
            }
        }
    }
    const char *word[3] = {"Loop", "Win", "Lose"};
    const char *name[2] = {"a_first", "b_first"};
    std::string out = "{";
    for (int w = 0; w < 2; w++) {
        out += w ? ", \"" : "\"";
        out += name[w];
        out += "\": [";
        for (int i = 1; i < n; i++) {
            out += i > 1 ? ", \"" : "\"";
            out += word[state[w][i]];
            out += "\"";
        }
        out += "]";
    }
    out += "}\n";
    std::fputs(out.c_str(), stdout);
    return 0;
}
