// The README's archetype:generate made a project; src/test/resources/projects/basic builds one with verify.
def project = new File(basedir, 'my-pipeline')
assert new File(project, 'pom.xml').text.contains('<streamflex.version>0.1.0-SNAPSHOT</streamflex.version>')
assert new File(project, 'src/main/java/com/example/PipelineGraph.java').isFile()
assert new File(project, 'src/test/java/com/example/PipelineGraphTest.java').isFile()
return true
