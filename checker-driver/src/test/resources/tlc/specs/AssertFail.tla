---- MODULE AssertFail ----
EXTENDS Naturals, TLC
VARIABLE x
Init == x = 0
Next == /\ Assert(x < 2, "x too big")
        /\ x' = x + 1
====
