wenjinSearch.configure({"format":1,"shards":1,"digits":1,"documents":10,"documentsPerFile":100});
