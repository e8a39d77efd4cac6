// Where a later round's ladder starts for a path (open-model-schedules.groovy): at 2^(-1/4) (84 %) of what the earlier
// rounds of this run found, climbing by x1.41 from there, so its time goes to the steps near the capacity. With one or
// two earlier rounds that is the lowest of them; with three or more, their median (the lower middle), so that one cold
// or stalled round (the first round of a fresh server held half of what rounds 2-3 did) does not send every later round
// up the ladder's low rungs again. Null: start at the ladder's first rate (no earlier round, or one found less).
return { List earlier, double firstRate ->
    if (earlier.isEmpty() || earlier.min() <= firstRate) return null
    def sorted = earlier.collect { it as double }.sort()
    double base = sorted.size() >= 3 ? sorted[(sorted.size() - 1).intdiv(2)] : sorted[0]
    (double) Math.round(base * Math.pow(2d, -0.25d))
}
