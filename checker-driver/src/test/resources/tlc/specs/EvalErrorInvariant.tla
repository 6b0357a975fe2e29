---- MODULE EvalErrorInvariant ----
\* The invariant applies a tuple outside its domain in the initial state.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1
Inv == <<1, 2>>[x] > 0
====
