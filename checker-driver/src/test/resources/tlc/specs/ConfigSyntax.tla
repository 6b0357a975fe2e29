---- MODULE ConfigSyntax ----
\* Its .cfg uses a keyword this TLC does not know (ALIAS) after NEXT.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
====
