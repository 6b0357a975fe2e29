---- MODULE EvalError ----
\* Walks an index past the end of a tuple: TLC reports an evaluation error.
EXTENDS Naturals
VARIABLES i, acc
slots == <<10, 20>>
Pick(k) == slots[k]
Init == i = 1 /\ acc = 0
Next == /\ acc' = acc + Pick(i)
        /\ i' = i + 1
====
