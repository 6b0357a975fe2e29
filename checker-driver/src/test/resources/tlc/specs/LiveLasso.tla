---- MODULE LiveLasso ----
\* x cycles 0..3 under weak fairness, so <>[](x = 3) fails with a lasso.
EXTENDS Naturals
VARIABLES x, tag
vars == <<x, tag>>
Init == x = 0 /\ tag = "start"
Next == x' = (x + 1) % 4 /\ tag' = IF x' = 0 THEN "wrap" ELSE "step"
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
StableAtThree == <>[](x = 3)
====
