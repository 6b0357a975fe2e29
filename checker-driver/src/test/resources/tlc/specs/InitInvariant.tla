---- MODULE InitInvariant ----
\* The invariant already fails in the initial state; the values wrap across lines.
EXTENDS Integers
CONSTANTS A, B
VARIABLES big, mv, fn, st, nest
Init == /\ big = [i \in 1..6 |-> [id |-> i, name |-> "element"]]
        /\ mv = <<[id |-> A, name |-> "element"], [id |-> A, name |-> "element"], [id |-> B, name |-> "element"]>>
        /\ fn = [x \in {A, B} |-> [id |-> 1, name |-> "element-long-name-here", other |-> {1, 2, 3}]]
        /\ st = "q\"t"
        /\ nest = [a |-> {<<1, "x\ny">>, <<-2, "zz">>}, b |-> [i \in 1..12 |-> {i, i + 1, i + 2}]]
Next == UNCHANGED <<big, mv, fn, st, nest>>
FirstIdIsTwo == big[1].id = 2
====
