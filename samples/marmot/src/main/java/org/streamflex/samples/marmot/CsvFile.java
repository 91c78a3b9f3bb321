package org.streamflex.samples.marmot;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines of one of a scene's CSV files ({@code nodes.csv}, {@code mics.csv}, {@code truth.csv}),
 * read the way spreadsheets and data tools write them, so that a deployment exported from R, Excel
 * or pandas reads as it is:
 * <ul>
 *   <li>UTF-8, with or without a byte-order mark; lines end in LF, CRLF or CR;
 *   <li>blank lines and lines starting with {@code #} are skipped, and so is a header line, any line
 *       whose first field is the header's first name ({@code node}, {@code call}), in any case;
 *   <li>fields are separated by commas and stripped of surrounding blanks; a field may be quoted as
 *       RFC 4180 says ({@code "A"}, {@code "say ""hi"""}), and a quoted field may hold commas;
 *   <li>a field cannot span lines: a quote left open at the line's end is an error.
 * </ul>
 * Every problem is a {@link BadCsvException} naming the file and the line.
 *
 * <pre>{@code
 * for (CsvFile.Line line : CsvFile.read(file, "call,t_s,x_m,y_m")) {
 *     double t = line.number(1, "t_s");
 * }
 * }</pre>
 */
final class CsvFile {
    /** A decimal number as spreadsheets and scripts write it: a sign, digits with a point, an exponent. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?");

    private CsvFile() {
    }

    /**
     * The data lines of {@code file}, each with as many fields as {@code columns} names.
     *
     * @param columns the expected columns, comma-separated (the header's names): their count is
     *     each line's, the first names the header line, and all of them go into messages
     * @throws BadCsvException naming the file, and the line where one is at fault: a missing or
     *     unreadable file, bytes that are not UTF-8, a line with another number of fields, a quote
     *     left open or followed by more than blanks, an empty first field
     */
    static List<Line> read(Path file, String columns) throws BadCsvException {
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new BadCsvException(file, 0, "no such file (expected lines " + columns + ")");
        } catch (CharacterCodingException e) {
            throw new BadCsvException(file, 0, "is not UTF-8 text (expected lines " + columns + ")");
        } catch (IOException e) {
            throw new BadCsvException(file, 0, "cannot be read: " + e);
        }
        int count = columns.split(",", -1).length;
        String header = columns.substring(0, columns.indexOf(',') < 0 ? columns.length() : columns.indexOf(','));
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String raw = text.get(i);
            if (i == 0 && raw.startsWith("\uFEFF")) {
                raw = raw.substring(1);
            }
            raw = raw.strip();
            if (raw.isEmpty() || raw.startsWith("#")) {
                continue;
            }
            String[] fields = fields(file, i + 1, raw);
            if (fields[0].equalsIgnoreCase(header)) {
                continue;
            }
            if (fields.length != count) {
                throw new BadCsvException(file, i + 1, fields.length + " fields, expected " + count + " (" + columns
                        + "): \"" + raw + "\"");
            }
            if (fields[0].isEmpty()) {
                throw new BadCsvException(file, i + 1, "empty " + header + " (expected " + columns + ")");
            }
            out.add(new Line(file, i + 1, fields, columns));
        }
        return out;
    }

    /** The fields of one line, unquoted and stripped. */
    private static String[] fields(Path file, int number, String raw) throws BadCsvException {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        int n = raw.length();
        while (true) {
            while (i < n && isBlank(raw.charAt(i))) {
                i++;
            }
            if (i < n && raw.charAt(i) == '"') {
                int open = i++;
                while (true) {
                    if (i >= n) {
                        throw new BadCsvException(file, number, "the quote opened at column " + (open + 1)
                                + " is not closed on this line (a field cannot span lines): \"" + raw + "\"");
                    }
                    char c = raw.charAt(i++);
                    if (c != '"') {
                        field.append(c);
                    } else if (i < n && raw.charAt(i) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        break;
                    }
                }
                while (i < n && isBlank(raw.charAt(i))) {
                    i++;
                }
                if (i < n && raw.charAt(i) != ',') {
                    throw new BadCsvException(file, number, "text after the quoted field closed at column " + i
                            + " (expected a comma): \"" + raw + "\"");
                }
                fields.add(field.toString());
            } else {
                int start = i;
                while (i < n && raw.charAt(i) != ',') {
                    i++;
                }
                fields.add(raw.substring(start, i).strip());
            }
            field.setLength(0);
            if (i >= n) {
                return fields.toArray(new String[0]);
            }
            i++; // the comma
        }
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** One data line: its file and number (from 1) for messages, and its fields. */
    static final class Line {
        private final Path file;
        private final int number;
        private final String[] fields;
        private final String columns;

        Line(Path file, int number, String[] fields, String columns) {
            this.file = file;
            this.number = number;
            this.fields = fields;
            this.columns = columns;
        }

        /** The line's number in its file, from 1. */
        int number() {
            return number;
        }

        /** Field {@code i}, from 0, unquoted and stripped. */
        String field(int i) {
            return fields[i];
        }

        /**
         * Field {@code i} as a finite number.
         *
         * @throws BadCsvException naming the column {@code name}, the file and the line
         */
        double number(int i, String name) throws BadCsvException {
            // parseDouble also takes "NaN", "Infinity", hex and a trailing d or f, which no CSV writer means:
            // the field must be a decimal, and its value finite ("1e999" is not).
            if (DECIMAL.matcher(fields[i]).matches()) {
                double v = Double.parseDouble(fields[i]);
                if (Double.isFinite(v)) {
                    return v;
                }
            }
            throw error(name + " \"" + fields[i] + "\" is not a finite number (expected " + columns + ")");
        }

        /**
         * Field {@code i} as a whole number.
         *
         * @throws BadCsvException naming the column {@code name}, the file and the line
         */
        int integer(int i, String name) throws BadCsvException {
            try {
                return Integer.parseInt(fields[i]);
            } catch (NumberFormatException e) {
                throw error(name + " \"" + fields[i] + "\" is not a whole number (expected " + columns + ")");
            }
        }

        /** A problem of this line, naming its file and number. */
        BadCsvException error(String problem) {
            return new BadCsvException(file, number, problem);
        }

    }
}
