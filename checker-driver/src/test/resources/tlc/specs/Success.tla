---- MODULE Success ----
\* Two bounded counters; everything holds. Prints a line from ASSUME (unframed output).
EXTENDS Naturals, TLC
CONSTANT N
VARIABLES a, b
ASSUME PrintT(<<"bound", N>>)
Init == a = 0 /\ b = 0
Next == \/ a < N /\ a' = a + 1 /\ UNCHANGED b
        \/ b < a /\ b' = b + 1 /\ UNCHANGED a
        \/ a = N /\ b = N /\ UNCHANGED <<a, b>>
TypeOK == a \in 0..N /\ b \in 0..N /\ b <= a
====
