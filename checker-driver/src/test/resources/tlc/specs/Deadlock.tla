---- MODULE Deadlock ----
\* A counter that stops at 3: deadlock (single variable, so states print "x = v").
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
====
