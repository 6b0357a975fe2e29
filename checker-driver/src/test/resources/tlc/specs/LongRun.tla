---- MODULE LongRun ----
\* About 10^9 states: never finishes within a test timeout.
EXTENDS Naturals
VARIABLES a, b, c
Init == a = 0 /\ b = 0 /\ c = 0
Next == \/ a < 1000 /\ a' = a + 1 /\ UNCHANGED <<b, c>>
        \/ b < 1000 /\ b' = b + 1 /\ UNCHANGED <<a, c>>
        \/ c < 1000 /\ c' = c + 1 /\ UNCHANGED <<a, b>>
====
