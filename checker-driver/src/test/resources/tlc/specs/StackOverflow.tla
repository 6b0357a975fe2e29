---- MODULE StackOverflow ----
EXTENDS Naturals
VARIABLE x
RECURSIVE Depth(_)
Depth(n) == IF n = 0 THEN 0 ELSE 1 + Depth(n - 1)
Init == x = Depth(1000000)
Next == x' = x
====
