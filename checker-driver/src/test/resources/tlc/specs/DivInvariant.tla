---- MODULE DivInvariant ----
\* The invariant divides by x, which the second state makes 0 (2111 with a nested 2179).
EXTENDS Integers
VARIABLE x
Init == x = 1
Next == x' = x - 1
Inv == 10 \div x > -100
====
