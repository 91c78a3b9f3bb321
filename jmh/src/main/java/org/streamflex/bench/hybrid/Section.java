package org.streamflex.bench.hybrid;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One of the paper's experiments as the harness runs it: the rows to measure (a key such as the
 * number of filters, a variant's name, the variant), the ratios of their mean rates to print, the
 * paper's numbers beside them, and notes on how to read them.
 *
 * <pre>{@code
 * Section s = new Section("5.1.2", "operator workload", "W", rows,
 *         List.of(Section.Ratio.sameKey("one-filter", "two-filters")), List.of("1000"),
 *         List.of(new Section.Paper("paper fused/dynamic", Map.of("1000", "1.48x"))), List.of());
 * }</pre>
 *
 * @param id the paper's section number, which {@code --section} selects
 * @param title what the section measures, with the paper's figure
 * @param keyName the heading of the key column
 * @param rows what to measure, in order
 * @param ratios the ratio columns
 * @param ratioKeys the keys that get a line in the ratio table, in order
 * @param papers the paper's numbers, a column each
 * @param notes lines printed under the tables
 */
public record Section(String id, String title, String keyName, List<Row> rows, List<Ratio> ratios,
        List<String> ratioKeys, List<Paper> papers, List<String> notes) {
    public Section {
        rows = List.copyOf(rows);
        ratios = List.copyOf(ratios);
        ratioKeys = List.copyOf(ratioKeys);
        papers = List.copyOf(papers);
        notes = List.copyOf(notes);
    }

    /** One measurement: the variant named {@code variant} at {@code key}. */
    public record Row(String key, String variant, Variant impl) {
    }

    /**
     * The mean rate of {@code over} over that of {@code under}, each found at the key its function
     * gives for the ratio line's key (the same key, or another: a baseline measured once, a batch of
     * 1).
     */
    public record Ratio(String label, String over, UnaryOperator<String> overKey, String under,
            UnaryOperator<String> underKey) {
        public static Ratio sameKey(String over, String under) {
            return new Ratio(over + "/" + under, over, k -> k, under, k -> k);
        }
    }

    /** The paper's number for some keys; the others print as "-". */
    public record Paper(String label, Map<String, String> byKey) {
    }
}
