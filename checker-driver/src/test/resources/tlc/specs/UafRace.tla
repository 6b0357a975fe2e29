---- MODULE UafRace ----
\* Two receiver threads share a refcounted socket; rx_put drops the last
\* reference while the other thread still uses it: a use-after-free fault.
EXTENDS Naturals, Sequences
CONSTANTS Thread_rx, Pool_sock, NULL
VARIABLES pc, sock_heap, rx_s, fault, log, freed, balance, note, hist

vars == <<pc, sock_heap, rx_s, fault, log, freed, balance, note, hist>>

Init ==
    /\ pc = [t \in Thread_rx |-> "L1"]
    /\ sock_heap = [o \in Pool_sock |-> IF o = CHOOSE p \in Pool_sock : TRUE
                                       THEN [st |-> "live", refcnt |-> 1]
                                       ELSE [st |-> "free", refcnt |-> 0]]
    /\ rx_s = [t \in Thread_rx |-> NULL]
    /\ fault = [kind |-> "none"]
    /\ log = <<>>
    /\ freed = {}
    /\ balance = 0
    /\ note = "q\"t"
    /\ hist = <<>>

Live == {o \in Pool_sock : sock_heap[o].st = "live"}

\* L1: grab the live socket without taking a reference (the bug).
rx_L1(self) ==
    /\ pc[self] = "L1"
    /\ \E o \in Live :
         /\ rx_s' = [rx_s EXCEPT ![self] = o]
         /\ log' = Append(log, [thread |-> self, op |-> "lookup", obj |-> o, rc |-> sock_heap[o].refcnt])
    /\ pc' = [pc EXCEPT ![self] = "L2"]
    /\ balance' = balance - 1
    /\ hist' = Append(hist, [op |-> "lookup", pc |-> "L1", rc |-> sock_heap[rx_s'[self]].refcnt])
    /\ UNCHANGED <<sock_heap, fault, freed, note>>

\* L2: drop a reference; the last put frees the object.
rx_L2(self) ==
    /\ pc[self] = "L2"
    /\ LET o == rx_s[self] IN
         IF sock_heap[o].st = "freed"
         THEN /\ fault' = [kind |-> "use_after_free", thread |-> self, obj |-> o, line |-> 12]
              /\ UNCHANGED <<sock_heap, freed>>
         ELSE /\ sock_heap' = [sock_heap EXCEPT ![o] = [st |-> IF @.refcnt = 1 THEN "freed" ELSE "live",
                                                         refcnt |-> @.refcnt - 1]]
              /\ freed' = IF sock_heap[o].refcnt = 1 THEN freed \cup {o} ELSE freed
              /\ UNCHANGED fault
    /\ log' = Append(log, [thread |-> self, op |-> "put", obj |-> rx_s[self], rc |-> sock_heap[rx_s[self]].refcnt])
    /\ pc' = [pc EXCEPT ![self] = "Done"]
    /\ balance' = balance - 1
    /\ hist' = Append(hist, [op |-> "put", pc |-> "L2", rc |-> sock_heap[rx_s[self]].refcnt])
    /\ UNCHANGED <<rx_s, note>>

Next == \E self \in Thread_rx : rx_L1(self) \/ rx_L2(self)

Spec == Init /\ [][Next]_vars

NoFault == fault.kind = "none"
====
