package dev.inflight.translator.emit;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The source map as JSON (docs/srcmap.md): every DSL place ({@link SourceMap.Loc}) is written
 * once, in the table {@code locs}, and everywhere else as its index there. A library model's
 * paths run the same statements many times over (each fault path lists every statement before
 * its check), so the table keeps the file in proportion to the model.
 */
public final class SourceMapJson {
  private SourceMapJson() {}

  public static String write(SourceMap map) {
    Map<SourceMap.Loc, Integer> table = new LinkedHashMap<>();
    SimpleModule locs = new SimpleModule();
    locs.addSerializer(SourceMap.Loc.class, new JsonSerializer<>() {
      @Override
      public void serialize(SourceMap.Loc loc, JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeNumber(table.computeIfAbsent(loc, k -> table.size()));
      }
    });
    ObjectMapper mapper = new ObjectMapper().registerModule(locs).enable(SerializationFeature.INDENT_OUTPUT);
    ObjectMapper plain = new ObjectMapper();
    try {
      ObjectNode root = mapper.valueToTree(map);
      ArrayNode out = root.putArray("locs");
      table.keySet().forEach(l -> out.add(plain.valueToTree(l)));
      return mapper.writeValueAsString(root) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
