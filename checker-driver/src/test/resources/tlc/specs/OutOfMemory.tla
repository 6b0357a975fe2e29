---- MODULE OutOfMemory ----
\* One enormous initial state; recorded with -Xmx64m so that TLC runs out of memory.
EXTENDS Naturals
VARIABLE x
Init == x = [i \in 1..3000000 |-> i]
Next == x' = [i \in DOMAIN x |-> x[i] + 1]
====
