---- MODULE ActionProperty ----
\* x wraps around, violating the action property that x only grows.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 3
Spec == Init /\ [][Next]_x
Grows == [][x' > x]_x
====
