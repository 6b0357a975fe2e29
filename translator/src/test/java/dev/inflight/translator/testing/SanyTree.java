package dev.inflight.translator.testing;

import java.util.ArrayList;
import java.util.List;

import tla2sany.semantic.AtNode;
import tla2sany.semantic.DecimalNode;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.ExprOrOpArgNode;
import tla2sany.semantic.FormalParamNode;
import tla2sany.semantic.LetInNode;
import tla2sany.semantic.ModuleNode;
import tla2sany.semantic.NumeralNode;
import tla2sany.semantic.OpApplNode;
import tla2sany.semantic.OpArgNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.semantic.SemanticNode;
import tla2sany.semantic.StringNode;

/**
 * Test-only: renders SANY's semantic tree of an expression as a canonical S-expression, so that
 * two texts can be compared for "SANY read the same structure" regardless of layout and
 * parentheses.
 *
 * <p>Normalization: infix {@code /\} chains and bulleted conjunction lists both become one flat
 * {@code and(...)}; likewise {@code or(...)} for disjunctions. Everything else is kept as SANY
 * built it (operator names such as {@code $FcnApply}, {@code \in}, {@code -.}).
 */
public final class SanyTree {

    private SanyTree() {
    }

    /** The body of the module-level definition {@code name} of {@code module}, dumped. */
    public static String definition(ModuleNode module, String name) {
        OpDefNode def = module.getOpDef(name);
        if (def == null) {
            throw new IllegalArgumentException("no definition " + name + " in " + module.getName());
        }
        return dump(def.getBody());
    }

    /** Dumps one semantic node (expression or operator argument). */
    public static String dump(SemanticNode node) {
        StringBuilder sb = new StringBuilder();
        write(sb, node);
        return sb.toString();
    }

    private static void write(StringBuilder sb, SemanticNode node) {
        if (node == null) {
            sb.append("null");
        } else if (node instanceof OpApplNode appl) {
            writeAppl(sb, appl);
        } else if (node instanceof NumeralNode num) {
            sb.append(num.bigVal() != null ? num.bigVal().toString() : Integer.toString(num.val()));
        } else if (node instanceof DecimalNode dec) {
            sb.append(dec.toString());
        } else if (node instanceof StringNode str) {
            sb.append('"').append(str.getRep()).append('"');
        } else if (node instanceof AtNode) {
            sb.append('@');
        } else if (node instanceof OpArgNode arg) {
            sb.append(arg.getName());
        } else if (node instanceof LetInNode let) {
            sb.append("let[");
            OpDefNode[] lets = let.getLets();
            for (int i = 0; i < lets.length; i++) {
                if (i > 0) {
                    sb.append("; ");
                }
                sb.append(lets[i].getName());
                FormalParamNode[] params = lets[i].getParams();
                if (params.length > 0) {
                    sb.append('(');
                    for (int j = 0; j < params.length; j++) {
                        sb.append(j > 0 ? "," : "").append(params[j].getName());
                    }
                    sb.append(')');
                }
                sb.append(" == ");
                write(sb, lets[i].getBody());
            }
            sb.append("] in ");
            write(sb, let.getBody());
        } else {
            sb.append(node.getClass().getSimpleName()).append('{');
            SemanticNode[] children = node.getChildren();
            if (children != null) {
                for (int i = 0; i < children.length; i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    write(sb, children[i]);
                }
            }
            sb.append('}');
        }
    }

    private static void writeAppl(StringBuilder sb, OpApplNode appl) {
        String op = appl.getOperator().getName().toString();
        String junction = junctionKind(op);
        if (junction != null) {
            List<ExprOrOpArgNode> flat = new ArrayList<>();
            flatten(appl, junction, flat);
            sb.append(junction).append('(');
            for (int i = 0; i < flat.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                write(sb, flat.get(i));
            }
            sb.append(')');
            return;
        }
        sb.append(op);
        FormalParamNode[] unbounded = appl.getUnbdedQuantSymbols();
        FormalParamNode[][] boundLists = appl.getBdedQuantSymbolLists();
        ExprNode[] bounds = appl.getBdedQuantBounds();
        ExprOrOpArgNode[] args = appl.getArgs();
        boolean hasBinders = (unbounded != null && unbounded.length > 0)
                || (boundLists != null && boundLists.length > 0);
        if (!hasBinders && (args == null || args.length == 0)) {
            return;
        }
        sb.append('(');
        boolean first = true;
        if (unbounded != null) {
            for (FormalParamNode p : unbounded) {
                sb.append(first ? "" : ", ").append("bind ").append(p.getName());
                first = false;
            }
        }
        if (boundLists != null) {
            for (int i = 0; i < boundLists.length; i++) {
                sb.append(first ? "" : ", ").append("bind ");
                for (int j = 0; j < boundLists[i].length; j++) {
                    sb.append(j > 0 ? "," : "").append(boundLists[i][j].getName());
                }
                sb.append(" \\in ");
                write(sb, bounds[i]);
                first = false;
            }
        }
        if (args != null) {
            for (ExprOrOpArgNode a : args) {
                sb.append(first ? "" : ", ");
                write(sb, a);
                first = false;
            }
        }
        sb.append(')');
    }

    private static String junctionKind(String op) {
        switch (op) {
            case "\\land":
            case "$ConjList":
                return "and";
            case "\\lor":
            case "$DisjList":
                return "or";
            default:
                return null;
        }
    }

    private static void flatten(ExprOrOpArgNode node, String kind, List<ExprOrOpArgNode> out) {
        if (node instanceof OpApplNode appl
                && kind.equals(junctionKind(appl.getOperator().getName().toString()))) {
            for (ExprOrOpArgNode a : appl.getArgs()) {
                flatten(a, kind, out);
            }
        } else {
            out.add(node);
        }
    }
}
