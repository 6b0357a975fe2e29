package dev.inflight.driver.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The state graph TLC explored, as its {@code -dump dot,actionlabels} file gives it: each state
 * (by fingerprint) with the value of one variable we care about, whether it is initial, and its
 * successors (stuttering self-loops left out). Other variables are not kept.
 */
public record StateGraph(Map<String, Node> nodes) {

  /** A state: {@code value} is the variable's value as TLC printed it (null if absent). */
  public record Node(String id, boolean initial, String value, List<String> next) {}

  private static final Pattern NODE = Pattern.compile("^(-?\\d+) \\[label=\"(.*)\"(,style = filled)?\\];?$");
  private static final Pattern EDGE = Pattern.compile("^(-?\\d+) -> (-?\\d+) \\[label=");

  /** Reads the dot file, keeping variable {@code op_end} of every state. */
  public static StateGraph read(Path dot) throws IOException {
    return read(dot, "op_end");
  }

  public static StateGraph read(Path dot, String variable) throws IOException {
    Map<String, Node> nodes = new LinkedHashMap<>();
    String prefix = "/\\\\ " + variable + " = ";
    try (BufferedReader r = Files.newBufferedReader(dot, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        Matcher e = EDGE.matcher(line);
        if (e.find()) {
          if (!e.group(1).equals(e.group(2))) {
            node(nodes, e.group(1)).next().add(e.group(2));
          }
          continue;
        }
        Matcher n = NODE.matcher(line);
        if (n.matches()) {
          String label = n.group(2);
          String value = null;
          int at = label.indexOf(prefix);
          if (at >= 0) {
            int from = at + prefix.length();
            int end = label.indexOf("\\n/\\\\ ", from);
            value = unescape(label.substring(from, end < 0 ? label.length() : end));
          }
          Node old = nodes.get(n.group(1));
          nodes.put(n.group(1), new Node(n.group(1), n.group(3) != null, value, old == null ? new ArrayList<>() : old.next()));
        }
      }
    }
    return new StateGraph(nodes);
  }

  private static Node node(Map<String, Node> nodes, String id) {
    return nodes.computeIfAbsent(id, k -> new Node(k, false, null, new ArrayList<>()));
  }

  /** A dot label's text: `\n` is a line break (values that span lines become one), `\"` a quote. */
  static String unescape(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char d = s.charAt(++i);
        b.append(d == 'n' ? ' ' : d);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  public List<Node> initial() {
    return nodes.values().stream().filter(Node::initial).toList();
  }
}
