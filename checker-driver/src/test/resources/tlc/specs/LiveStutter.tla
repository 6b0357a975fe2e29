---- MODULE LiveStutter ----
\* Without fairness the behaviour may stutter forever, so []<>(x = 0) fails.
EXTENDS Naturals
VARIABLES x, tag
vars == <<x, tag>>
Init == x = 0 /\ tag = "start"
Next == x' = (x + 1) % 4 /\ tag' = IF x' = 0 THEN "wrap" ELSE "step"
Spec == Init /\ [][Next]_vars
InfinitelyOftenZero == []<>(x = 0)
====
