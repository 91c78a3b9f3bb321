package org.streamflex.samples.marmot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvFileTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    @Test
    void aDeploymentWrittenWithQuotesAByteOrderMarkAndCrlfReadsAsThePlainOne() throws Exception {
        // As R's write.csv(row.names = FALSE) and Excel's "CSV UTF-8" write them.
        Path nodes = file("nodes.csv", String.join("\r\n", "\uFEFF\"node\",\"x_m\",\"y_m\",\"heading_deg\"",
                "\"A\",1.5,-2,30", "\"B, east\",4,5,0", ""));
        StringBuilder mics = new StringBuilder("\"node\",\"mic\",\"x_m\",\"y_m\"\r\n");
        for (String id : new String[] {"\"A\"", "\"B, east\""}) {
            mics.append(id).append(",1,0.04,0\r\n").append(id).append(",2,0,0.04\r\n")
                    .append(id).append(",3,-0.04,0\r\n").append(id).append(", \"4\" ,0,-0.04\r\n");
        }
        Deployment d = Deployment.read(nodes, file("mics.csv", mics.toString()));
        assertEquals(List.of("A", "B, east"), d.nodes().stream().map(NodeSite::id).toList());
        NodeSite a = d.nodes().get(0);
        assertEquals(1.5, a.x());
        assertEquals(-2, a.y());
        assertEquals(30, a.headingDegrees());
        assertArrayEquals(new double[] {0.04, 0, -0.04, 0}, d.nodes().get(1).micXs());
    }

    @Test
    void quotedFieldsKeepCommasAndDoubledQuotes() throws Exception {
        List<CsvFile.Line> lines = CsvFile.read(file("q.csv", "node,a,b\n\"x \"\"y\"\", z\" , \"\" ,3\n"), "node,a,b");
        assertEquals(1, lines.size());
        assertEquals("x \"y\", z", lines.get(0).field(0));
        assertEquals("", lines.get(0).field(1));
        assertEquals("3", lines.get(0).field(2));
        assertEquals(2, lines.get(0).number());
    }

    @Test
    void aTruthFileWithQuotesAndAByteOrderMarkIsRead() throws Exception {
        List<TrueCall> calls = Truth.read(file("truth.csv", String.join("\r\n",
                "\uFEFF\"call\",\"t_s\",\"x_m\",\"y_m\"", "# made by hand", "\"1\",0.5,2,3", "2,1.25,\"-4\",5", "")));
        assertEquals(2, calls.size());
        assertEquals(1, calls.get(0).index());
        assertEquals(1.25, calls.get(1).seconds());
        assertEquals(-4, calls.get(1).x());
    }

    @Test
    void aQuoteLeftOpenOrFollowedByTextIsRefusedNamingTheFileLineAndColumn() throws Exception {
        Path open = file("open.csv", "node,x_m,y_m,heading_deg\n\"A,1,2,3\n");
        BadCsvException e = assertThrows(BadCsvException.class, () -> CsvFile.read(open, "node,x_m,y_m,heading_deg"));
        assertEquals(open + " line 2: the quote opened at column 1 is not closed on this line (a field cannot span"
                + " lines): \"\"A,1,2,3\"", e.getMessage());
        assertEquals(2, e.line());

        Path after = file("after.csv", "A,\"1\"x,2,3\n");
        e = assertThrows(BadCsvException.class, () -> CsvFile.read(after, "node,x_m,y_m,heading_deg"));
        assertEquals(after + " line 1: text after the quoted field closed at column 5 (expected a comma):"
                + " \"A,\"1\"x,2,3\"", e.getMessage());
    }

    @Test
    void decimalsAsSpreadsheetsAndScriptsWriteThemAreRead() throws Exception {
        Path f = file("t.csv", "call,t_s,x_m,y_m\n1,+1.5E2,-.5,7.\n2,1e-3,0.25e+1,-0\n");
        List<TrueCall> calls = Truth.read(f);
        assertEquals(List.of(150.0, 0.001), calls.stream().map(TrueCall::seconds).toList());
        assertEquals(List.of(-0.5, 2.5), calls.stream().map(TrueCall::x).toList());
        assertEquals(List.of(7.0, -0.0), calls.stream().map(TrueCall::y).toList());
    }

    @Test
    void valuesJavaWouldParseButThatAreNoFiniteNumberAreRefused() throws Exception {
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "1e999", "1.5d", "2f", "", "0x1p3", "1.5e",
            "--1", "."}) {
            Path f = file("t.csv", "call,t_s,x_m,y_m\n1," + bad + ",0,0\n");
            BadCsvException e = assertThrows(BadCsvException.class, () -> Truth.read(f), bad);
            assertEquals(f + " line 2: t_s \"" + bad + "\" is not a finite number (expected call,t_s,x_m,y_m)",
                    e.getMessage());
        }
        Path f = file("t.csv", "call,t_s,x_m,y_m\n1.5,0,0,0\n");
        BadCsvException e = assertThrows(BadCsvException.class, () -> Truth.read(f));
        assertEquals(f + " line 2: call \"1.5\" is not a whole number (expected call,t_s,x_m,y_m)", e.getMessage());
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedNamingTheFile() throws Exception {
        Path f = Files.write(dir.resolve("latin1.csv"), new byte[] {'A', ',', (byte) 0xE9, ',', '1', ',', '2', '\n'});
        BadCsvException e = assertThrows(BadCsvException.class, () -> CsvFile.read(f, "node,x_m,y_m,heading_deg"));
        assertEquals(f + ": is not UTF-8 text (expected lines node,x_m,y_m,heading_deg)", e.getMessage());
    }
}
